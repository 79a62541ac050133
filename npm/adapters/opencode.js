'use strict'
// A drop-in for opencode's `replace(content, oldString, newString, replaceAll)` (its edit tool's
// replacer cascade, packages/opencode/src/tool/edit.ts): same signature, same thrown messages,
// fuzzy-edit's engine behind it. The thrown Error is a FuzzyEditError whose `message` is
// opencode's and whose `details.message` is fuzzy-edit's feedback (what differs, where), which
// a caller may append for the model.

const fe = require('../api.js')

const messages = Object.freeze({
  identical: 'No changes to apply: oldString and newString are identical.',
  notFound: 'Could not find oldString in the file. It must match exactly, including whitespace, indentation, and line endings.',
  multiple: 'Found multiple matches for oldString. Provide more surrounding context to make the match unique.',
})

/** opencode's message for each refusal kind: ambiguity and "nothing to change" have their own. */
function messageFor(kind) {
  switch (kind) {
    case 'ambiguous':
    case 'anchor_ambiguous':
      return messages.multiple
    case 'no_change':
      return messages.identical
    default:
      return messages.notFound
  }
}

function replace(content, oldString, newString, replaceAll = false) {
  // Checked before any search, as opencode does.
  if (oldString === newString) throw new Error(messages.identical)
  try {
    return fe.apply(content, oldString, newString, { replaceAll: Boolean(replaceAll) }).text
  } catch (err) {
    if (!(err instanceof fe.FuzzyEditError)) throw err
    const thrown = new fe.FuzzyEditError({ ...err.details, message: messageFor(err.kind) })
    thrown.feedback = err.message
    throw thrown
  }
}

module.exports = { replace, messages }
