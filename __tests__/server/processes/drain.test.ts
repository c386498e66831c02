/**
 * The drain of one process (SIGTERM: plugins/drain.ts), on the app listening on a real port: new
 * requests get 503 in the API's shape while the background work stops, a request already running
 * gets its own answer, one still running at the time limit loses its connection, then the port closes.
 */
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { DRAINING_MESSAGE } from '../../../src/server/lib/errors';
import { server as serverMessages } from '../../../src/shared/messages';
import { buildTestApp, type TestApp } from '../../support/test-app';

interface Answer {
  status: number;
  connection?: string;
  body: unknown;
  error?: string;
}

function collect(req: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text) as unknown }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ status: 0, body: null, error: err.code ?? err.message }));
  });
}

const call = (port: number, method: string, path: string, body?: string) => {
  const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers: body ? { 'content-type': 'application/json' } : {} });
  const answer = collect(req);
  req.end(body);
  return answer;
};

/** A sign-in whose headers the server has taken (it said 100 Continue) and whose body is half sent. */
async function runningRequest(port: number): Promise<{ answer: Promise<Answer>; finish(): void }> {
  const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', agent: false, headers: { 'content-type': 'application/json', expect: '100-continue' } });
  const answer = collect(req);
  await new Promise<void>((resolve) => {
    req.on('continue', () => {
      req.write('{"email":"nobody@example.com",');
      resolve();
    });
    req.flushHeaders();
  });
  return { answer, finish: () => void req.end('"password":"Wrong!Password1","method":"EMAIL"}') };
}

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** The app on a free port, with a background job whose last pass ends when `jobDone` is called. */
async function listening(): Promise<{ port: number; jobDone(): void }> {
  let jobDone = () => undefined as void;
  const stopped = new Promise<void>((resolve) => (jobDone = resolve));
  t = await buildTestApp({}, (app) => app.addHook('preClose', () => stopped));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (t.app.server.address() as AddressInfo).port, jobDone };
}

describe('draining a process', () => {
  it('answers new requests 503 (health too) while the jobs stop, lets a running request finish, then closes the port', async () => {
    const { port, jobDone } = await listening();
    const running = await runningRequest(port);
    const drained = t!.app.drain();
    expect(t!.app.draining).toBe(true);

    const refused = { status: 503, connection: 'close', body: { success: false, message: DRAINING_MESSAGE } };
    expect(await call(port, 'GET', '/api/health')).toEqual(refused);
    expect(await call(port, 'POST', '/api/auth/login', JSON.stringify({ email: 'a@example.com', password: 'x', method: 'EMAIL' }))).toEqual(refused);

    jobDone();
    running.finish();
    expect(await running.answer).toEqual({ status: 401, connection: 'close', body: { success: false, message: serverMessages.invalidCredentials } });
    await drained;
    expect(await call(port, 'GET', '/api/health')).toMatchObject({ status: 0, error: 'ECONNREFUSED' });
  });

  it('closes the connection of a request still running at the time limit', async () => {
    const { port, jobDone } = await listening();
    jobDone();
    const running = await runningRequest(port);
    const started = Date.now();
    await t!.app.drain(300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await running.answer).toMatchObject({ status: 0, error: 'ECONNRESET' });
  });
});
