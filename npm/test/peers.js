'use strict'
// The peers' own test cases (shared/data/peer-tests/*.jsonl beside the repository, never copied
// into it): where to find them, and how a case's outcome is named.

const fs = require('node:fs')
const path = require('node:path')

/** shared/data beside the repository checkout, or $FUZZY_EDIT_DATA (as the accuracy benchmark). */
function dataDir() {
  return process.env.FUZZY_EDIT_DATA || path.resolve(__dirname, '..', '..', '..', 'shared', 'data')
}

/** The cases of one peer, or null (with the reason) when the data is absent. */
function peerCases(name) {
  const file = path.join(dataDir(), 'peer-tests', `${name}.jsonl`)
  if (!fs.existsSync(file)) return { cases: null, reason: `no ${file}: set FUZZY_EDIT_DATA to the shared/data directory to run the ${name} cases` }
  const cases = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
  return { cases, reason: null }
}

/**
 * pass: what the peer's test expects (its result, or both refuse); refused: we refuse where
 * the peer applies; located: both apply, results differ; wrong: we apply where it refuses.
 */
function outcome(got, c) {
  const peerRefuses = c.expect === 'error'
  if (got === null) return peerRefuses ? 'pass' : 'refused'
  if (peerRefuses) return 'wrong'
  if (got === c.expect || (c.assert === 'contains_new' && got.includes(c.new))) return 'pass'
  return 'located'
}

module.exports = { peerCases, outcome }
