'use strict'
// A drop-in for Gemini CLI's `calculateReplacement(config, context)` (packages/core/src/tools/
// edit.ts): the function its edit tool calls to turn old_string/new_string into the new content.
// Same signature and the same error behaviour: it never throws for an edit it cannot make, it
// answers `occurrences` (0 when old_string is not found, the count when it is ambiguous), and
// Gemini's own `getErrorReplaceResult` turns that into its messages. fuzzy-edit's refusal is
// added as `refusal` ({kind, message, ...}) for a caller that wants to show it to the model.

const fe = require('../api.js')

/** Gemini reads CRLF as LF in old_string and new_string. */
function lf(s) {
  return s.replace(/\r\n/g, '\n')
}

async function calculateReplacement(config, context) {
  const { currentContent, params } = context
  const finalOldString = lf(params.old_string)
  const finalNewString = lf(params.new_string)
  const unchanged = { newContent: currentContent, occurrences: 0, finalOldString, finalNewString }
  // An empty old_string changes nothing here; Gemini creates files elsewhere.
  if (finalOldString === '') return unchanged
  let result
  try {
    result = await fe.applyAsync(currentContent, finalOldString, finalNewString, {
      replaceAll: Boolean(params.allow_multiple),
    })
  } catch (err) {
    if (!(err instanceof fe.FuzzyEditError)) throw err
    const refusal = err.details
    if (err.kind === 'ambiguous') {
      const n = refusal.candidates_total ?? err.candidates.length
      return { ...unchanged, occurrences: Math.max(n, 2), refusal }
    }
    if (err.kind === 'no_change') {
      // Gemini's caller reports "No changes to apply" when the final strings are equal.
      return { ...unchanged, occurrences: 1, finalNewString: finalOldString, refusal }
    }
    return { ...unchanged, refusal }
  }
  const exact = result.matches.every((m) => m.strategy === 'exact')
  const out = {
    newContent: result.text,
    occurrences: result.matches.length,
    finalOldString,
    finalNewString,
    strategy: exact ? 'exact' : 'fuzzy',
  }
  // Gemini tells the model "Applied fuzzy match at lines ..." from these (1-based, inclusive).
  if (!exact) out.matchRanges = result.matches.map((m) => ({ start: m.start_line, end: m.end_line }))
  return out
}

module.exports = { calculateReplacement }
