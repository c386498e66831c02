/**
 * Loaded into the app's PGlite worker thread by pglite-worker.pglite.test.ts (`--import`, before the
 * worker's program): a statement that holds DIES_MARKER makes the thread die of an uncaught
 * exception as its message arrives, the way a crash in the worker would end it. Nothing else changes.
 */
const threads = require('node:worker_threads');

const DIES_MARKER = 'kudi-test: the worker dies here';

const port = threads.parentPort;
if (port) {
  const on = port.on;
  port.on = function onMessage(event, listener) {
    if (event !== 'message') return on.call(this, event, listener);
    return on.call(this, event, (message) => {
      if (typeof message?.text === 'string' && message.text.includes(DIES_MARKER)) throw new Error('The PGlite worker died (a test made it)');
      return listener(message);
    });
  };
}

module.exports = { DIES_MARKER };
