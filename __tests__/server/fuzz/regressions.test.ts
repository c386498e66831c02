/** Findings of the route fuzzing, kept as focused tests. */
import { buildPath } from '../../../src/shared/endpoints';
import { createCustomer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { sql } from 'kysely';
import { writeHorizon } from '../../support/write-horizon';
import { fingerprint } from './fuzz-kit';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('a NUL character in a request (PostgreSQL text cannot hold one) is a 400, not a 500', () => {
  it('in a path parameter', async () => {
    const before = await fingerprint(t);
    const res = await t.app.inject({ method: 'POST', url: `/api${buildPath('resendOtp', { email: 'a\u0000b@example.com' })}` });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { success: false, message: 'Text must not contain NUL characters' } });
    expect(await fingerprint(t)).toBe(before);
  });

  it('in a body field of a signed-in call', async () => {
    const customer = await createCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-timezone',
      headers: customer.headers,
      payload: { timezone: 'America/\u0000Toronto' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Text must not contain NUL characters' });
  });

  it('in a query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a%00b@example.com' });
    expect(res.statusCode).toBe(400);
  });
});

describe('half of a surrogate pair without the other (JSON "\\ud83d" alone) is a 400, not a 500', () => {
  const UNPAIRED = { success: false, message: 'Text must not contain unpaired surrogate characters' };

  it('in a sign-up name: refused, nothing written', async () => {
    const before = await fingerprint(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      // The raw JSON text: an escape a client may send, which JSON.parse turns into a lone surrogate.
      payload: `{"email":"lone-${Date.now()}@example.com","legal_first_name":"\\udc00X","legal_last_name":"Obi","date_of_birth":"15/05/1990","nationality":"NG","country_of_residence":"CA","address":"","password":"Str0ng!Pass","confirm_password":"Str0ng!Pass"}`,
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: UNPAIRED });
    expect(await fingerprint(t)).toBe(before);
  });

  it("in a signed-in call's body: refused; a whole pair (an emoji) is text like any other, judged by the call's own rule", async () => {
    const customer = await createCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-timezone',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: '{"timezone":"America/Toronto\\ud83d"}',
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: UNPAIRED });
    const paired = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-timezone',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: '{"timezone":"America/Toronto\\ud83d\\ude00"}',
    });
    expect(paired.json()).toEqual({ success: false, message: 'Please enter a valid time zone' });
  });
});

describe("the fuzzer's shortcut: the fingerprint is taken again whenever anything was written", () => {
  it('a read leaves the write horizon where it was; a write moves it, even one rolled back', async () => {
    const customer = await createCustomer(t);
    // On the shared PostgreSQL the other Jest worker's writes move the horizon too (it is the
    // server's, not this database's): the read is asked again until one ask saw no other write in
    // between, for up to 10 s. A read that wrote would move it at every ask.
    const readKeptHorizon = async () => {
      const start = await writeHorizon(t.db);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      return (await writeHorizon(t.db)) === start;
    };
    let kept = await readKeptHorizon();
    for (const until = Date.now() + 10_000; !kept && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      kept = await readKeptHorizon();
    }
    expect(kept).toBe(true);
    const start = await writeHorizon(t.db);

    const undone = t.db.transaction().execute(async (trx) => {
      await sql`update users set first_name = 'Changed' where id = ${customer.id}`.execute(trx);
      throw new Error('undo');
    });
    await expect(undone).rejects.toThrow('undo');
    const afterRollback = await writeHorizon(t.db);
    expect(afterRollback).not.toBe(start);

    const before = await fingerprint(t);
    await sql`update users set first_name = 'Changed' where id = ${customer.id}`.execute(t.db);
    expect(await writeHorizon(t.db)).not.toBe(afterRollback);
    expect(await fingerprint(t)).not.toBe(before);
  });
});
