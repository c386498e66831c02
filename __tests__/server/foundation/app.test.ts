import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { ConfigError, loadConfig } from '../../../src/server/config';

describe('foundation: health, errors, security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, (app) => {
      app.post('/api/test-echo', { schema: { body: { type: 'object', required: ['amount'], properties: { amount: { type: 'number' } } } } }, async () => ({ success: true }));
      app.get('/api/test-param/:value', async (request) => ({ value: (request.params as { value: string }).value }));
      app.get('/api/test-ip', async (request) => ({ ip: request.ip }));
      app.get('/api/test-crash', async () => {
        throw new Error('database password is hunter2');
      });
    });
  });
  afterAll(() => t.close());

  it('GET /api/health answers ok after a real database query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'The server and its database are up', status: 'ok', db: 'ok' });
  });

  it('an unknown API path answers 404 in the { success, message } shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Route GET /api/nope not found' });
  });

  it('malformed JSON is a 400 with a clear message, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test-echo', headers: { 'content-type': 'application/json' }, payload: '{"amount":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Request body is not valid JSON' });
  });

  it('a schema violation names the field', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/test-echo', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ success: false, message: 'amount is required' });
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/test-echo', payload: { amount: 'ten' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/^amount must be number/);
  });

  it('a malformed or very long URL answers 4xx in the API shape', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/test-param/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'Malformed URL' });
    const long = await t.app.inject({ method: 'GET', url: `/api/test-param/${'a'.repeat(300)}%40example.com` });
    expect(long.statusCode).toBe(200);
    expect(long.json()).toEqual({ value: `${'a'.repeat(300)}@example.com` });
  });

  it("what Node's HTTP parser refuses before a route sees it answers in the API shape too", async () => {
    // A real socket: app.inject never reaches the parser.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(request));
        let answer = '';
        socket.on('data', (chunk) => { answer += chunk.toString(); });
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const answered = (answer: string) => ({ status: answer.split('\r\n')[0], body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) });
    // Headers over Node's 16 KB (a query string that long is one).
    expect(answered(await raw(`GET /api/health?x=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`))).toEqual({
      status: 'HTTP/1.1 431 Request Header Fields Too Large',
      body: { success: false, message: 'Request headers too large' },
    });
    expect(answered(await raw('NOT HTTP AT ALL\r\n\r\n'))).toEqual({
      status: 'HTTP/1.1 400 Bad Request',
      body: { success: false, message: 'Malformed request' },
    });
  });

  it('API answers are kept by no cache (they hold tokens, balances, history); the country list may be', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'x', method: 'EMAIL' } });
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/countries' })).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('ignores X-Forwarded-For unless a proxy is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-ip', headers: { 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '127.0.0.1' });
    expect(res.json()).toEqual({ ip: '127.0.0.1' });
  });

  it('a crash answers a generic 500 and never leaks the error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong. Please try again.' });
    expect(res.body).not.toContain('hunter2');
  });

  it('sends security headers: CSP without inline scripts, no foreign framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same full set of security headers on every kind of answer: data, a refusal, a crash, a missing route', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
        "connect-src 'self';frame-src 'self';frame-ancestors 'self';object-src 'none';base-uri 'self';form-action 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'POST', url: '/api/test-echo', payload: {} }),
      t.app.inject({ method: 'GET', url: '/api/test-crash' }),
      t.app.inject({ method: 'GET', url: '/api/nope' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 400, 500, 404]);
    for (const res of answers) {
      expect(res.headers).toMatchObject(expected);
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });
});

describe('foundation: the built client is served from the same origin', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kudi-public-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'main.abc.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'assets', 'main.abc.js.br'), brotliCompressSync('console.log(1)'));
    t = await buildTestApp({ publicDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an unknown non-API path returns the app (history fallback)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('assets are served with a long cache life', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main.abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the build\'s pre-compressed copy to a browser that accepts it, the plain file otherwise', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/main.abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/main.abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });
});

describe('foundation: the prerendered sign-in screen is sent for / only', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kudi-public-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root" data-prerendered="/"><h1>Welcome Back</h1></div>');
    writeFileSync(path.join(dir, 'shell.html'), '<!doctype html><div id="root"></div>');
    t = await buildTestApp({ publicDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("'/' (with or without a query) gets index.html, with the sign-in screen in it", async () => {
    for (const url of ['/', '/?from=mail']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-prerendered="/"');
    }
  });

  it('a file that is not there (an old build\'s chunk, a missing icon) is a 404, not the page', async () => {
    for (const url of ['/assets/114.0ldhash.js', '/assets/missing', '/main.css', '/favicon.ico', '/assets/app.js.map?v=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toBe('Not found');
    }
  });

  it('any other path of the app gets the shell (an empty #root), not the sign-in form', async () => {
    for (const url of ['/dashboard', '/login', '/history/KD1?x=1', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toBe('<!doctype html><div id="root"></div>');
    }
  });
});

describe('foundation: configuration is checked at start', () => {
  it('rejects a bad PORT with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc' }, { dataDir: null })).toThrow(new ConfigError('PORT must be a whole number, got "abc"'));
    expect(() => loadConfig({ PORT: '70000' }, { dataDir: null })).toThrow('PORT must be between 0 and 65535, got 70000');
  });

  it('rejects a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, { dataDir: null })).toThrow('DATABASE_URL must start with postgres: or postgresql:');
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE (default two per core), refusing a bad value', () => {
    expect(loadConfig({}, { dataDir: null }).databasePoolSize).toBe(2 * os.availableParallelism());
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }, { dataDir: null }).databasePoolSize).toBe(4);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' }, { dataDir: null })).toThrow('DATABASE_POOL_SIZE must be between 1 and 1000, got 0');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' }, { dataDir: null })).toThrow('DATABASE_POOL_SIZE must be a whole number, got "many"');
  });

  it('runs the payout job except under NODE_ENV=test, unless PAYOUT_JOB says otherwise', () => {
    expect(loadConfig({}, { dataDir: null }).payoutJob).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }, { dataDir: null }).payoutJob).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', PAYOUT_JOB: 'on' }, { dataDir: null }).payoutJob).toBe(true);
    expect(loadConfig({ PAYOUT_JOB: 'off' }, { dataDir: null }).payoutJob).toBe(false);
    expect(() => loadConfig({ PAYOUT_JOB: 'yes' }, { dataDir: null })).toThrow('PAYOUT_JOB must be on or off, got "yes"');
  });

  it('hashes passwords at OWASP\'s argon2id minimum by default and never below it outside tests', () => {
    expect(loadConfig({}, { dataDir: null }).passwordCost).toEqual({ memoryCost: 19456, timeCost: 2 });
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_TIME_COST: '3' }, { dataDir: null }).passwordCost)
      .toEqual({ memoryCost: 65536, timeCost: 3 });
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '64' }, { dataDir: null }))
      .toThrow('PASSWORD_HASH_MEMORY_KIB must be between 19456 and 4194304, got 64');
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_TIME_COST: '1' }, { dataDir: null }))
      .toThrow('PASSWORD_HASH_TIME_COST must be between 2 and 100, got 1');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_TIME_COST: '1' }, { dataDir: null }).passwordCost)
      .toEqual({ memoryCost: 64, timeCost: 1 });
  });

  it('generates secrets once and keeps them in the data dir', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kudi-data-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const second = loadConfig({ DATA_DIR: dir });
      expect(first.jwtSecret).toHaveLength(43);
      expect(second.jwtSecret).toBe(first.jwtSecret);
      expect(second.pinSecret).not.toBe(first.jwtSecret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
