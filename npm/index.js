'use strict'
// fuzzy-edit for Node.js: the API (api.js, over the native addon) and the drop-in adapters for
// opencode and Gemini CLI, which are built on that API (and so import api.js, not this file).

module.exports = {
  ...require('./api.js'),
  opencode: require('./adapters/opencode.js'),
  gemini: require('./adapters/gemini.js'),
}
