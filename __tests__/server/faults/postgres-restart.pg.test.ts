/**
 * PostgreSQL restarts under a running API (issue 18, faults): the real server process
 * (src/server/main.ts) on a PostgreSQL of this test's own (support/private-postgres.ts; the shared
 * one is never restarted), which is restarted (fast shutdown and start, every connection closed)
 * and then killed outright (immediate shutdown, as a crash). After each, the same API process
 * answers again within 5 s without a restart of its own, reads and money calls included, and
 * nothing it acknowledged is lost. While PostgreSQL is away, requests are answered 503 with the
 * API's message (try again), never 500.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCustomer, depositWebhook, postWebhook, railReference, type BankCustomer } from '../../bank/customers';
import { dataOf, Http, type Answer } from '../../bank/http';
import { parseAmount } from '../../../src/shared/money';
import { ChildServer, freePort, type ServerOptions } from '../../bank/server';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from '../../support/private-postgres';

if (!privatePostgresAvailable()) {
  throw new Error('postgres-restart.pg.test.ts needs the PostgreSQL server binaries (initdb, pg_ctl): set PG_BIN');
}

const secret = () => randomBytes(32).toString('base64url');
const WEBHOOK_SECRET = secret();
const BACK_WITHIN_MS = 5_000;

let pg: PrivatePostgres;
let server: ChildServer;
let serverOptions: Omit<ServerOptions, 'port'>;
let http: Http;
let tmp: string;
let customer: BankCustomer;
/** CAD minor units the API acknowledged as deposited (200 to the signed webhook). */
let acknowledged = 0n;

beforeAll(async () => {
  pg = await startPrivatePostgres();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'kudi-restart-'));
  serverOptions = {
    logFile: path.join(tmp, 'server.log'),
    env: {
      NODE_ENV: 'development',
      DATABASE_URL: pg.url,
      DATA_DIR: path.join(tmp, 'data'),
      SIMULATORS: 'on',
      PAYOUT_JOB: 'off',
      NOTIFY_JOB: 'off',
      ADDRESS_REVIEW_JOB: 'off',
      LOG_LEVEL: 'warn',
      JWT_SECRET: secret(),
      PIN_SECRET: secret(),
      WEBHOOK_SECRET,
      OTP_SECRET: secret(),
    },
  };
  server = new ChildServer({ ...serverOptions, port: await freePort() });
  await server.start();
  http = new Http(server.baseUrl);
  customer = await createCustomer(http, randomBytes(4).toString('hex'), 0);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  server?.close();
  await pg?.destroy();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

async function deposit(amountMinor: bigint): Promise<Answer> {
  const answer = await postWebhook(http, WEBHOOK_SECRET, depositWebhook(customer, 'CAD', amountMinor, railReference('RST')));
  if (answer.status === 200) acknowledged += amountMinor;
  return answer;
}

async function cadBalanceMinor(): Promise<Answer & { minor?: bigint }> {
  const answer = await http.call('/api/wallet/cad-wallet', { token: customer.token });
  if (answer.status !== 200) return answer;
  const parsed = parseAmount(String(dataOf<{ balance: string | number }>(answer).balance));
  if (!parsed.ok) throw new Error(`not an amount: ${JSON.stringify(answer.body)}`);
  return { ...answer, minor: parsed.minor };
}

/** Polls until a balance read and a deposit both succeed; answers how long that took after `since`. */
async function backAfter(since: number): Promise<number> {
  for (;;) {
    if (!server.up) throw new Error('the API process exited (see its log)');
    const read = await cadBalanceMinor();
    if (read.status === 200) {
      const money = await deposit(100n);
      if (money.status === 200) return Date.now() - since;
    }
    if (Date.now() - since > 60_000) throw new Error(`the API did not answer again within 60 s (last: ${read.status} ${JSON.stringify(read.body)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it.each([['fast', 'a restart (fast shutdown and start)'], ['immediate', 'a crash (immediate shutdown, then start)']] as const)(
  'after %s: %s, the same API process answers again within 5 s, and nothing acknowledged is lost',
  async (mode, _what) => {
    expect((await deposit(2_500n)).status).toBe(200);
    const startsBefore = server.starts;
    // Reads and deposits keep coming while PostgreSQL goes away and comes back.
    let restarting = true;
    const during: Answer[] = [];
    const traffic = (async () => {
      while (restarting) {
        during.push((await cadBalanceMinor()), await deposit(100n));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    if (mode === 'fast') {
      await pg.restart('fast');
    } else {
      await pg.stop('immediate');
      await pg.start();
    }
    restarting = false;
    await traffic;
    const back = Date.now();
    const unavailable = during.filter((answer) => answer.status !== 200);
    expect(unavailable.map((answer) => [answer.status, answer.body])).toEqual(
      unavailable.map(() => [503, { success: false, message: 'The service is briefly unavailable. Please try again.' }]),
    );
    const took = await backAfter(back);
    expect(took).toBeLessThanOrEqual(BACK_WITHIN_MS);
    // The same process: not restarted, still up.
    expect(server.up).toBe(true);
    expect(server.starts).toBe(startsBefore);
    const balance = await cadBalanceMinor();
    expect(balance.minor).toBe(acknowledged);
  },
  120_000,
);

it('a server process started while PostgreSQL is down waits for it and serves once it is back', async () => {
  const late = new ChildServer({ ...serverOptions, port: await freePort(), logFile: path.join(tmp, 'late.log') });
  try {
    await pg.stop('fast');
    const starting = late.start();
    // Well into its start: it has found the database away. The running process's health check says so meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await http.call('/api/health')).toMatchObject({ status: 503, body: { success: false, message: 'The database is unavailable', status: 'error', db: 'error' } });
    expect(late.starts).toBe(1);
    await pg.start();
    await starting;
    expect((await new Http(late.baseUrl).call('/api/health')).status).toBe(200);
    expect(readFileSync(path.join(tmp, 'late.log'), 'utf8')).toContain('The database is not answering');
  } finally {
    await late.stop();
    late.close();
  }
}, 120_000);

it('said what happened to its idle connections, and never exited', () => {
  const log = readFileSync(path.join(tmp, 'server.log'), 'utf8');
  expect(log).toContain('PostgreSQL closed an idle connection');
  expect(log).not.toMatch(/==== exit/);
});

it('logged the background passes and health checks that met PostgreSQL away as warnings, not errors (nothing to page anyone about)', () => {
  const log = readFileSync(path.join(tmp, 'server.log'), 'utf8');
  // The generic jobs pass every second: during the seconds PostgreSQL was down, some met it away.
  expect(log).toContain('jobs pass ended: the database is unavailable; the next pass tries again');
  expect(log.split('\n').filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
});
