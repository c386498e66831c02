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
    g.fetch = (input, init) => {
      if (typeof input === 'string' || input instanceof URL) input = new URL(String(input), base()).toString();
      return globalThis.fetch(input, init);
    };
  }
}

module.exports = KudiJsdomEnvironment;
