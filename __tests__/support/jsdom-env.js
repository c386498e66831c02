// jsdom with the web platform pieces Node has and jsdom lacks (fetch & co.),
// resolving relative URLs ('/api/...') against the page location like a browser does.
const { TestEnvironment } = require('jest-environment-jsdom');

class KudiJsdomEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    const names = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'ReadableStream', 'WritableStream',
      'TransformStream', 'TextEncoder', 'TextDecoder', 'BroadcastChannel', 'structuredClone', 'AbortController', 'AbortSignal'];
    for (const name of names) {
      if (globalThis[name]) g[name] = globalThis[name];
    }
    const base = () => g.location.href;
    const NodeRequest = globalThis.Request;
    class BrowserRequest extends NodeRequest {
      constructor(input, init) {
        if (typeof input === 'string' || input instanceof URL) input = new URL(String(input), base()).toString();
        super(input, init);
      }
    }
    g.Request = BrowserRequest;
    // jsdom lays nothing out and cannot scroll ("Not implemented: window.scrollTo"): a window that
    // keeps the position it is asked for, so a test can see where a screen starts.
    g.scrollTo = (x, y) => {
      const to = typeof x === 'object' && x !== null ? x : { left: x, top: y };
      if (to.left !== undefined) g.scrollX = g.pageXOffset = to.left;
      if (to.top !== undefined) g.scrollY = g.pageYOffset = to.top;
    };
    g.fetch = (input, init) => {
      if (typeof input === 'string' || input instanceof URL) input = new URL(String(input), base()).toString();
      return globalThis.fetch(input, init);
    };
  }
}

module.exports = KudiJsdomEnvironment;
