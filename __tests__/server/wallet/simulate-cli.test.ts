import { execFile } from 'node:child_process';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverUrl } from '../../../src/server/cli/server-url';
import { createCustomer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances } from '../../support/wallets';
import { nodeArgsFor } from '../../support/entry';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** The environment of a shell that has none of the CLI's variables set, plus `vars`. */
function shellEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const { KUDI_URL: _url, PORT: _port, HOST: _host, ...rest } = process.env;
  return { ...rest, NODE_OPTIONS: '', ...vars };
}

/** `npm run simulate -- …` without npm: the same entry (its bundle under Jest: support/entry.ts); by default pointed at the test server with KUDI_URL. */
async function simulateWith(vars: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...nodeArgsFor('src/server/cli/simulate.ts'), ...args], {
      cwd: ROOT,
      env: shellEnv(vars),
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
const simulate = (...args: string[]) => simulateWith({ KUDI_URL: baseUrl }, ...args);
const portOf = (url: string) => new URL(url).port;

/** A port on which nothing listens (bound, then released). */
async function closedPort(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return String(port);
}

describe('npm run simulate -- deposit <email> <CAD|NGN> <amount>', () => {
  it('deposits through the running server and prints the reference', async () => {
    const customer = await createCustomer(t);
    const result = await simulate('deposit', customer.email, 'CAD', '250.75');
    expect(result).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^Deposited 250.75 CAD to ${customer.email} \\(reference CA`)) });
    expect((await balances(t, customer)).CAD).toBe(250.75);
  });

  it('prints the server\'s refusal and fails', async () => {
    const result = await simulate('deposit', 'nobody@example.com', 'CAD', '5');
    expect(result).toMatchObject({ code: 1, stderr: 'Deposit refused (404): No customer with this e-mail\n' });
  });

  it('finds the server `npm start` runs from PORT alone (no KUDI_URL): http://localhost:PORT', async () => {
    const customer = await createCustomer(t);
    const result = await simulateWith({ PORT: portOf(baseUrl) }, 'deposit', customer.email, 'CAD', '15.25');
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining(`Deposited 15.25 CAD to ${customer.email}`) });
    expect((await balances(t, customer)).CAD).toBe(15.25);
  });

  it('KUDI_URL points it elsewhere, whatever PORT says', async () => {
    const customer = await createCustomer(t);
    const result = await simulateWith({ KUDI_URL: `${baseUrl}/`, PORT: await closedPort() }, 'deposit', customer.email, 'CAD', '10');
    expect(result.code).toBe(0);
    expect((await balances(t, customer)).CAD).toBe(10);
  });

  it('says clearly when no server answers, and how to start one or point elsewhere', async () => {
    const port = await closedPort();
    const result = await simulateWith({ PORT: port }, 'deposit', 'ada@example.com', 'CAD', '5');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`No Kudi server answers at http://localhost:${port} (ECONNREFUSED).`);
    expect(result.stderr).toContain('npm start');
    expect(result.stderr).toContain('KUDI_URL=http://host:port npm run simulate -- deposit');

    const elsewhere = await simulateWith({ KUDI_URL: `http://127.0.0.1:${port}` }, 'deposit', 'ada@example.com', 'CAD', '5');
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain(`No Kudi server answers at http://127.0.0.1:${port} (ECONNREFUSED).\nCheck KUDI_URL`);
  });

  it('prints the usage on bad arguments', async () => {
    const result = await simulate('deposit', 'a@b.co', 'USD', '5');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run simulate -- deposit <email> <CAD|NGN> <amount>');
  });
});

describe('the server the CLI talks to (serverUrl)', () => {
  it.each([
    [{}, 'http://localhost:3000', 'PORT'],
    [{ PORT: '4100' }, 'http://localhost:4100', 'PORT'],
    [{ PORT: '4100', HOST: '0.0.0.0' }, 'http://localhost:4100', 'PORT'],
    [{ PORT: '4100', HOST: '127.0.0.1' }, 'http://127.0.0.1:4100', 'PORT'],
    [{ PORT: '4100', HOST: '::1' }, 'http://[::1]:4100', 'PORT'],
    [{ KUDI_URL: 'https://kudi.example/', PORT: '4100' }, 'https://kudi.example', 'KUDI_URL'],
  ])('%j → %s (from %s)', (env, url, from) => {
    expect(serverUrl(env)).toEqual({ url, from });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a port number such as 3000 (it is "abc"); or set KUDI_URL to the server\'s address.'],
    [{ KUDI_URL: 'localhost:3000' }, 'KUDI_URL must start with http:// or https:// (it is "localhost:3000").'],
    [{ KUDI_URL: 'not a url' }, 'KUDI_URL must be a URL such as http://localhost:3000 (it is "not a url").'],
  ])('%j is refused with a message', (env, message) => {
    expect(() => serverUrl(env)).toThrow(message);
  });
});
