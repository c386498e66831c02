/**
 * Loaded into the app's PGlite worker thread by pglite-worker.pglite.test.ts (`--import`, before the
 * worker's program): a statement that holds one of these markers ends the thread as its message
 * arrives, the way a crash in the worker would. Nothing else changes.
 * - DIES_MARKER: an uncaught exception (the thread's exit handlers run).
 * - SILENT_MARKER: the same without the thread's exit handlers, as a thread stopped for running out
 *   of memory ends. (Filling the heap itself is no test: depending on how fast it fills, Node stops
 *   the thread or the whole process.)
 */
const threads = require('node:worker_threads');

const DIES_MARKER = 'kudi-test: the worker dies here';
const SILENT_MARKER = 'kudi-test: the worker dies here without a word';

const port = threads.parentPort;
if (port) {
  const on = port.on;
  port.on = function onMessage(event, listener) {
    if (event !== 'message') return on.call(this, event, listener);
    return on.call(this, event, (message) => {
      const text = typeof message?.text === 'string' ? message.text : '';
      if (text.includes(SILENT_MARKER)) process.removeAllListeners('exit');
      if (text.includes(DIES_MARKER)) throw new Error('The PGlite worker died (a test made it)');
      return listener(message);
    });
  };
}

module.exports = { DIES_MARKER, SILENT_MARKER };
