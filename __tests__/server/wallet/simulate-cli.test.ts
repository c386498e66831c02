import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { createCustomer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances } from '../../support/wallets';

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

/** `npm run simulate -- …` without npm: the same entry under tsx. */
async function simulate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/simulate.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', KUDI_URL: baseUrl },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
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

  it('prints the usage on bad arguments', async () => {
    const result = await simulate('deposit', 'a@b.co', 'USD', '5');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run simulate -- deposit <email> <CAD|NGN> <amount>');
  });
});
