/**
 * User transfers check the caller's token when the request comes and confirm its session in their
 * one statement (plugins/auth app.authenticateToken; auth/sessions.repository liveSession and
 * sessionSeen) instead of in a statement of its own. The session rules stay those of
 * app.authenticate: a session that is not live is a 401 that writes nothing, before any other
 * refusal; its idle clock is kept as the session check keeps it; and the SQL test agrees with
 * confirmSession (session-rules isSessionLive) at the edges of each rule.
 */
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import {
  liveSession, sessionColumnValues, sessionSeen, type SessionColumns, type SessionToConfirm,
} from '../../../src/server/modules/auth/sessions.repository';
import { LAST_SEEN_WRITE_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../src/server/modules/auth/session-rules';
import { confirmSession } from '../../../src/server/modules/auth/session.service';
import { customerAccount } from '../../../src/server/modules/ledger/accounts.repository';
import { server, transfers } from '../../../src/shared/messages';
import type { Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { balances } from '../../support/wallets';
import { funded, post, TIMEZONE } from './helpers';

let t: TestApp;
let recipient: Customer;
beforeAll(async () => {
  t = await buildTestApp();
  recipient = await funded(t);
});
afterAll(() => t.close());

const body = (amount = '1.00') => ({ amount, recipient_email: recipient.email, transaction_pin: '1234', timezone: TIMEZONE });
const PATH = '/wallet/cad-wallet-transfer';

const keyRows = async (customer: Customer) =>
  (await t.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', customer.id).execute()).length;

const lastSeen = async (customer: Customer) =>
  (await t.db.selectFrom('sessions').select('last_seen_at').where('id', '=', customer.sessionId).executeTakeFirstOrThrow()).last_seen_at;
const setSession = (customer: Customer, values: Record<string, unknown>) =>
  t.db.updateTable('sessions').set(values).where('id', '=', customer.sessionId).execute();

describe.each([['without', undefined], ['with', 'key']])('POST /wallet/cad-wallet-transfer %s an Idempotency-Key', (_, withKey) => {
  const key = () => (withKey ? randomUUID() : undefined);

  it('a session that is not live is a 401 that writes nothing, before a bad body or a bad key', async () => {
    const ended: [string, Record<string, unknown>][] = [
      ['signed out', { revoked_at: new Date() }],
      ['idle for 30 minutes', { last_seen_at: sql<Date>`now() - interval '30 minutes 1 second'` }],
      ['signed in 12 hours ago', { created_at: sql<Date>`now() - interval '12 hours 1 second'` }],
      ['refreshed since (another token is current)', { current_jti: randomUUID() }],
    ];
    for (const [why, values] of ended) {
      const customer = await funded(t, { CAD: '100.00' });
      // A key used while the session was live, and an expired one (which a keyed request of a live session drops).
      const used = randomUUID();
      expect((await post(t, customer, PATH, body('1.00'), used)).statusCode).toBe(200);
      await t.db.insertInto('idempotency_keys').values({
        user_id: customer.id, key: 'expired', request_hash: 'old', claim: randomUUID(), status: 'done', created_at: sql<Date>`now() - interval '25 hours'`,
      }).execute();
      await setSession(customer, values);
      const answers = [
        await post(t, customer, PATH, body(), key()),
        // Neither a replay nor a PIN try counted under a used key.
        await post(t, customer, PATH, body('1.00'), withKey && used),
        await post(t, customer, PATH, { ...body('1.00'), transaction_pin: '9999' }, withKey && used),
        await post(t, customer, PATH, { ...body(), amount: 'abc' }, key()),
        await post(t, customer, PATH, { amount: '1.00' }, key()),
        await t.app.inject({ method: 'POST', url: `/api${PATH}`, headers: { ...customer.headers, 'content-type': 'application/json' }, payload: '{"amount":' }),
        await post(t, customer, PATH, body(), 'k'.repeat(256)),
      ];
      expect([why, answers.map((res) => [res.statusCode, res.json().message])]).toEqual([why, answers.map(() => [401, server.unauthorized])]);
      const { pin_failed_count: pinTries } = await t.db.selectFrom('users').select('pin_failed_count').where('id', '=', customer.id).executeTakeFirstOrThrow();
      expect([why, (await customerAccount(t.db, customer.id, 'CAD')).balance, await keyRows(customer), pinTries]).toEqual([why, 9_900n, 2, 0]);
    }
  });

  it('keeps the idle clock as the session check does: written when last seen over 30 s ago, else left', async () => {
    const customer = await funded(t, { CAD: '100.00' });
    await setSession(customer, { last_seen_at: sql<Date>`now() - interval '20 seconds'` });
    const recent = await lastSeen(customer);
    expect((await post(t, customer, PATH, body('1.00'), key())).statusCode).toBe(200);
    expect(await lastSeen(customer)).toEqual(recent);

    await setSession(customer, { last_seen_at: sql<Date>`now() - interval '40 seconds'` });
    const before = Date.now();
    expect((await post(t, customer, PATH, body('2.00'), key())).statusCode).toBe(200);
    const seen = (await lastSeen(customer)).getTime();
    expect(seen).toBeGreaterThanOrEqual(before - 5);
    expect(seen).toBeLessThanOrEqual(Date.now());
    expect((await balances(t, customer)).CAD).toBe(97);
  });

  it('a refused transfer with a live session is refused as before, its session kept', async () => {
    const customer = await funded(t, { CAD: '1.00' });
    const res = await post(t, customer, PATH, body('5.00'), key());
    expect([res.statusCode, res.json().message]).toEqual([422, transfers.insufficientWalletBalance('CAD')]);
    const wrongPin = await post(t, customer, PATH, { ...body('0.50'), transaction_pin: '9999' }, key());
    expect([wrongPin.statusCode, wrongPin.json().message]).toEqual([400, server.incorrectPinAttemptsLeft(4)]);
    expect((await post(t, customer, PATH, body('0.50'), key())).statusCode).toBe(200);
    expect((await balances(t, customer)).CAD).toBe(0.5);
  });
});

describe('the session test in SQL agrees with confirmSession', () => {
  /** A time in microseconds since the epoch, as a PostgreSQL timestamptz literal (microseconds kept). */
  const micros = (us: bigint) =>
    `${new Date(Number(us / 1000n)).toISOString().slice(0, 19)}.${String(us % 1_000_000n).padStart(6, '0')}Z`;

  /** A session row last seen and made this long (µs) before `at`, its token's jti, and the session as a request at `at` names it. */
  async function session(customer: Customer, at: Date, lastSeenUs: bigint, createdUs: bigint): Promise<SessionToConfirm> {
    const jti = randomUUID();
    const atUs = BigInt(at.getTime()) * 1000n;
    const { id } = await t.db
      .insertInto('sessions')
      .values({
        user_id: customer.id,
        current_jti: jti,
        last_seen_at: sql<Date>`${micros(atUs - lastSeenUs)}::timestamptz`,
        created_at: sql<Date>`${micros(atUs - createdUs)}::timestamptz`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { sessionId: id, userId: customer.id, jti, at };
  }

  /** The session as the statement's input row carries it (its times as the ISO text the statement is given). */
  function columnsOf(s: SessionToConfirm): SessionColumns {
    const v = sessionColumnValues(s);
    return {
      sessionId: sql`${v.session_id}::uuid`, userId: sql`${v.session_owner}::uuid`, jti: sql`${v.jti}::text`, at: sql`${v.at}::timestamptz`,
      idleAfter: sql`${v.idle_after}::timestamptz`, madeAfter: sql`${v.made_after}::timestamptz`, seenBefore: sql`${v.seen_before}::timestamptz`,
    };
  }

  class RolledBack {
    constructor(readonly written: boolean) {}
  }

  const edges = (ms: number) => [-1000n, -500n, -1n, 0n, 1n, 500n, 999n, 1000n, 1001n].map((us) => BigInt(ms) * 1000n + us);

  it('at the edges of the idle, absolute and last-seen rules (microseconds the JavaScript side never sees)', async () => {
    const customer = await funded(t);
    // Mid-millisecond and on one: the SQL side reads microseconds, the JavaScript side milliseconds.
    for (const at of [new Date(Date.now() - 1000), new Date(Math.floor(Date.now() / 1000) * 1000)]) {
      const cases: [bigint, bigint][] = [
        ...edges(SESSION_IDLE_MS).map((ago): [bigint, bigint] => [ago, ago]),
        ...edges(SESSION_ABSOLUTE_MS).map((ago): [bigint, bigint] => [0n, ago]),
        ...edges(LAST_SEEN_WRITE_MS).map((ago): [bigint, bigint] => [ago, ago]),
      ];
      for (const [seenAgo, createdAgo] of cases) {
        const s = await session(customer, at, seenAgo, createdAgo);
        const inSql = (await sql<{ live: boolean }>`select ${liveSession(columnsOf(s))} as live`.execute(t.db)).rows[0].live;
        // The statement's write, in a transaction rolled back (the row as it was for confirmSession).
        const seenSql = await t.db.transaction().execute(async (trx) => {
          const written = await sql`with seen as (${sessionSeen(columnsOf(s), sql`(select 1) as one`)} returning 1) select count(*)::int as n from seen`.execute(trx);
          throw new RolledBack((written.rows[0] as { n: number }).n === 1);
        }).catch((err: unknown) => {
          if (err instanceof RolledBack) return err.written;
          throw err;
        });
        const before = await t.db.selectFrom('sessions').select('last_seen_at').where('id', '=', s.sessionId).executeTakeFirstOrThrow();
        const inJs = await confirmSession(t.db, s);
        const after = await t.db.selectFrom('sessions').select('last_seen_at').where('id', '=', s.sessionId).executeTakeFirstOrThrow();
        const seenJs = after.last_seen_at.getTime() !== before.last_seen_at.getTime();
        const label = { at: at.toISOString(), seenAgoUs: String(seenAgo), createdAgoUs: String(createdAgo) };
        expect({ ...label, live: inSql }).toEqual({ ...label, live: inJs });
        // The last-seen write: confirmSession writes it only for a live session, the statement only with its transfer.
        if (inJs) expect({ ...label, seen: seenSql }).toEqual({ ...label, seen: seenJs });
      }
    }
  });
});
