/**
 * Devices (spec-next §E) over HTTP: GET /sessions, DELETE /sessions/{id}, POST /sessions/revoke-others.
 * Each device is a real sign-in (POST /auth/login) with its own User-Agent and address.
 */
import { randomUUID } from 'node:crypto';
import { buildPath } from '../../../src/shared/endpoints';
import { devices, session as sessionMessages } from '../../../src/shared/messages';
import type { DeviceSession } from '../../../src/shared/types';
import { LAST_SEEN_WRITE_MS } from '../../../src/server/modules/auth/session-rules';
import { api, bearer, expectRefusal, fakeClock } from '../../support/auth-flow';
import { createCustomer, type Customer } from '../../support/customers';
import { buildTestApp, type TestApp } from '../../support/test-app';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Device {
  token: string;
  headers: Record<string, string>;
}

/** A sign-in of `customer` from a browser (User-Agent) at an address: one device. */
async function signIn(app: TestApp, customer: Customer, userAgent: string, ip: string): Promise<Device> {
  const res = await app.app.inject({
    method: 'POST',
    url: api('/auth/login'),
    payload: { email: customer.email, password: customer.password, method: 'EMAIL' },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
  const token: string = res.json().data.access_token;
  return { token, headers: bearer(token) };
}

const list = (device: { headers: Record<string, string> }, app = t) => app.app.inject({ method: 'GET', url: api('/sessions'), headers: device.headers });
const listed = async (device: { headers: Record<string, string> }, app = t): Promise<DeviceSession[]> => {
  const res = await list(device, app);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const revoke = (device: { headers: Record<string, string> }, id: string) =>
  t.app.inject({ method: 'DELETE', url: api(buildPath('revokeSession', { id })), headers: device.headers });
const revokeOthers = (device: { headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: api('/sessions/revoke-others'), headers: device.headers });
const me = (device: { headers: Record<string, string> }) => t.app.inject({ method: 'GET', url: api('/auth/user'), headers: device.headers });
const refresh = (customer: Customer, device: { headers: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url: api(buildPath('refreshToken', { email: customer.email })), headers: device.headers });

/** The id of the device whose name is `name` in a list. */
const idOf = (sessions: DeviceSession[], name: string): string => {
  const found = sessions.find((session) => session.device === name);
  if (!found) throw new Error(`no ${name} in ${JSON.stringify(sessions)}`);
  return found.id;
};

describe('GET /sessions', () => {
  it('lists each signed-in device with its name, address, times and which one is asking; no token, no token id', async () => {
    const customer = await createCustomer(t);
    const before = Date.now();
    const laptop = await signIn(t, customer, CHROME_WINDOWS, '203.0.113.7');
    const phone = await signIn(t, customer, SAFARI_IPHONE, '198.51.100.23');

    const fromLaptop = await listed(laptop);
    // The fixture's own session (opened without a sign-in, so no User-Agent or address) is a device too.
    expect(fromLaptop).toHaveLength(3);
    expect(fromLaptop[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      device: 'Chrome on Windows',
      ip: '203.0.113.7',
      created_at: expect.any(String),
      last_used_at: expect.any(String),
      current: true,
    });
    expect(fromLaptop.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ device: 'Safari on iPhone', ip: '198.51.100.23', current: false }),
        expect.objectContaining({ device: 'Unknown browser', ip: null, current: false }),
      ]),
    );
    for (const session of fromLaptop) {
      expect(Object.keys(session).sort()).toEqual(['created_at', 'current', 'device', 'id', 'ip', 'last_used_at']);
      expect(Date.parse(session.created_at)).toBeLessThanOrEqual(Date.parse(session.last_used_at));
    }
    expect(Date.parse(fromLaptop[0].created_at)).toBeGreaterThanOrEqual(before - 1000);
    const body = JSON.stringify(fromLaptop);
    expect(body).not.toContain(laptop.token);
    expect(body).not.toContain(phone.token);
    expect(body).not.toMatch(/jti/i);

    // The phone sees the same devices, itself as the current one.
    const fromPhone = await listed(phone);
    expect(fromPhone[0]).toMatchObject({ device: 'Safari on iPhone', current: true });
    expect(fromPhone.map((s) => s.id).sort()).toEqual(fromLaptop.map((s) => s.id).sort());
  });

  it("lists only the customer's own devices", async () => {
    const ada = await createCustomer(t);
    const obi = await createCustomer(t);
    const adaLaptop = await signIn(t, ada, CHROME_WINDOWS, '203.0.113.8');
    await signIn(t, obi, FIREFOX_LINUX, '203.0.113.9');
    const ids = (await listed(adaLaptop)).map((s) => s.id);
    const obiIds = (await listed(obi)).map((s) => s.id);
    expect(ids).toHaveLength(2);
    expect(obiIds).toHaveLength(2);
    expect(ids.filter((id) => obiIds.includes(id))).toEqual([]);
  });

  it('records the address Fastify sees: the client the trusted proxy named in X-Forwarded-For (not one the client wrote there), only when TRUST_PROXY is set', async () => {
    /** Signs in from `peer` with that X-Forwarded-For in Firefox; the session it lists as current. */
    const currentSession = async (on: TestApp, customer: { email: string; password: string }, peer: string, forwardedFor: string) => {
      const res = await on.app.inject({
        method: 'POST',
        url: api('/auth/login'),
        payload: { email: customer.email, password: customer.password, method: 'EMAIL' },
        remoteAddress: peer,
        headers: { 'user-agent': FIREFOX_LINUX, 'x-forwarded-for': forwardedFor },
      });
      expect(res.statusCode).toBe(200);
      return (await listed({ headers: bearer(res.json().data.access_token) }, on)).find((session) => session.current);
    };
    const behindProxy = await buildTestApp({ trustProxy: 1 });
    try {
      const customer = await createCustomer(behindProxy);
      expect(await currentSession(behindProxy, customer, '10.0.0.2', '192.0.2.44')).toMatchObject({ device: 'Firefox on Linux', ip: '192.0.2.44' });
      // A client that writes its own X-Forwarded-For: the proxy appends the address it saw, and
      // that one is the client's, not what the client wrote before it.
      expect(await currentSession(behindProxy, customer, '10.0.0.2', '8.8.8.8, 192.0.2.46')).toMatchObject({ ip: '192.0.2.46' });
    } finally {
      await behindProxy.close();
    }
    // Without TRUST_PROXY the header is not believed: the peer's address is kept.
    expect(await currentSession(t, await createCustomer(t), '10.0.0.3', '192.0.2.45')).toMatchObject({ ip: '10.0.0.3' });
  });

  it('needs a signed-in caller', async () => {
    expectRefusal(await t.app.inject({ method: 'GET', url: api('/sessions') }), 401, 'Unauthorized');
  });

  describe('last used', () => {
    let clock: ReturnType<typeof fakeClock>;
    beforeEach(() => {
      clock = fakeClock();
    });
    afterEach(() => clock.restore());

    it('moves with the calls, written at most once per LAST_SEEN_WRITE_MS; a refresh counts as use', async () => {
      const customer = await createCustomer(t);
      const laptop = await signIn(t, customer, CHROME_WINDOWS, '203.0.113.10');
      const phone = await signIn(t, customer, SAFARI_IPHONE, '203.0.113.11');
      const phoneId = idOf(await listed(laptop), 'Safari on iPhone');
      const lastUsed = async () => (await listed(laptop)).find((s) => s.id === phoneId)!.last_used_at;
      const signedInAt = await lastUsed();

      clock.advance(LAST_SEEN_WRITE_MS / 2);
      expect((await me(phone)).statusCode).toBe(200);
      expect(await lastUsed()).toBe(signedInAt);

      clock.advance(LAST_SEEN_WRITE_MS);
      const usedAt = Date.now();
      expect((await me(phone)).statusCode).toBe(200);
      const afterCall = await lastUsed();
      expect(Date.parse(afterCall)).toBeGreaterThanOrEqual(usedAt);

      clock.advance(5_000);
      const refreshedAt = Date.now();
      expect((await refresh(customer, phone)).statusCode).toBe(200);
      expect(Date.parse(await lastUsed())).toBeGreaterThanOrEqual(refreshedAt);
    });

    it('leaves out sessions that ended by themselves (idle for 30 minutes)', async () => {
      const customer = await createCustomer(t);
      await signIn(t, customer, SAFARI_IPHONE, '203.0.113.12');
      clock.advance(31 * 60 * 1000);
      const laptop = await signIn(t, customer, CHROME_WINDOWS, '203.0.113.13');
      expect((await listed(laptop)).map((s) => s.device)).toEqual(['Chrome on Windows']);
    });
  });
});

describe('DELETE /sessions/{id}', () => {
  it("signs that device out: its next call is refused and its refresh fails; the others carry on", async () => {
    const customer = await createCustomer(t);
    const laptop = await signIn(t, customer, CHROME_WINDOWS, '203.0.113.20');
    const phone = await signIn(t, customer, SAFARI_IPHONE, '203.0.113.21');
    const tablet = await signIn(t, customer, FIREFOX_LINUX, '203.0.113.22');
    expect((await me(phone)).statusCode).toBe(200);

    const phoneSession = idOf(await listed(laptop), 'Safari on iPhone');
    const res = await revoke(laptop, phoneSession);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: devices.signedOut, data: { id: phoneSession } });

    expectRefusal(await me(phone), 401, 'Unauthorized');
    expectRefusal(await refresh(customer, phone), 401, sessionMessages.expired);
    expectRefusal(await list(phone), 401, 'Unauthorized');

    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(tablet)).statusCode).toBe(200);
    expect((await refresh(customer, tablet)).statusCode).toBe(200);
    expect((await listed(laptop)).map((s) => s.device)).not.toContain('Safari on iPhone');
  });

  it("answers 404 for another customer's device and for no device, and signs nobody out", async () => {
    const ada = await createCustomer(t);
    const obi = await createCustomer(t);
    const adaLaptop = await signIn(t, ada, CHROME_WINDOWS, '203.0.113.30');
    const obiPhone = await signIn(t, obi, SAFARI_IPHONE, '203.0.113.31');
    const obiPhoneId = idOf(await listed(obiPhone), 'Safari on iPhone');

    expectRefusal(await revoke(adaLaptop, obiPhoneId), 404, devices.notFound);
    expectRefusal(await revoke(adaLaptop, randomUUID()), 404, devices.notFound);
    expect((await me(obiPhone)).statusCode).toBe(200);
    expect((await refresh(obi, obiPhone)).statusCode).toBe(200);
    expect((await me(adaLaptop)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not a session id', async () => {
    const customer = await createCustomer(t);
    for (const id of ['not-a-uuid', '12345', `${randomUUID()}x`]) {
      expectRefusal(await revoke(customer, id), 400, /^id must .+ \(params\)$/);
    }
    expect((await me(customer)).statusCode).toBe(200);
  });

  it("takes this device's own id: it signs this device out, like Sign out", async () => {
    const customer = await createCustomer(t);
    const laptop = await signIn(t, customer, CHROME_WINDOWS, '203.0.113.40');
    const phone = await signIn(t, customer, SAFARI_IPHONE, '203.0.113.41');
    const own = (await listed(laptop)).find((s) => s.current)!;

    expect((await revoke(laptop, own.id)).json()).toEqual({ success: true, message: devices.signedOut, data: { id: own.id } });
    expectRefusal(await me(laptop), 401, 'Unauthorized');
    expectRefusal(await refresh(customer, laptop), 401, sessionMessages.expired);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('signing out a device already signed out answers the same and changes nothing', async () => {
    const customer = await createCustomer(t);
    const laptop = await signIn(t, customer, CHROME_WINDOWS, '203.0.113.50');
    await signIn(t, customer, SAFARI_IPHONE, '203.0.113.51');
    const phoneId = idOf(await listed(laptop), 'Safari on iPhone');
    expect((await revoke(laptop, phoneId)).statusCode).toBe(200);
    const revokedAt = (await t.db.selectFrom('sessions').select('revoked_at').where('id', '=', phoneId).executeTakeFirstOrThrow()).revoked_at;
    expect((await revoke(laptop, phoneId)).json()).toEqual({ success: true, message: devices.signedOut, data: { id: phoneId } });
    const again = (await t.db.selectFrom('sessions').select('revoked_at').where('id', '=', phoneId).executeTakeFirstOrThrow()).revoked_at;
    expect(again).toEqual(revokedAt);
  });

  it('needs a signed-in caller', async () => {
    expectRefusal(await t.app.inject({ method: 'DELETE', url: api(`/sessions/${randomUUID()}`) }), 401, 'Unauthorized');
  });
});

describe('POST /sessions/revoke-others', () => {
  it('signs out every other device of the customer and keeps this one; other customers are untouched', async () => {
    const customer = await createCustomer(t);
    const neighbour = await createCustomer(t);
    const neighbourPhone = await signIn(t, neighbour, SAFARI_IPHONE, '203.0.113.60');
    const laptop = await signIn(t, customer, CHROME_WINDOWS, '203.0.113.61');
    const phone = await signIn(t, customer, SAFARI_IPHONE, '203.0.113.62');
    const tablet = await signIn(t, customer, FIREFOX_LINUX, '203.0.113.63');

    const res = await revokeOthers(laptop);
    expect(res.statusCode).toBe(200);
    // The phone, the tablet and the fixture's own session.
    expect(res.json()).toEqual({ success: true, message: devices.othersSignedOut(3), data: { revoked: 3 } });

    for (const other of [phone, tablet, customer]) {
      expectRefusal(await me(other), 401, 'Unauthorized');
      expectRefusal(await refresh(customer, other), 401, sessionMessages.expired);
    }
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await refresh(customer, laptop)).statusCode).toBe(200);
    expect((await me(neighbourPhone)).statusCode).toBe(200);
    expect((await me(neighbour)).statusCode).toBe(200);
  });

  it('with no other device signed in, signs out nothing', async () => {
    const customer = await createCustomer(t);
    expect((await revokeOthers(customer)).json()).toEqual({ success: true, message: devices.othersSignedOut(0), data: { revoked: 0 } });
    expect((await me(customer)).statusCode).toBe(200);
    expect((await listed(customer)).map((s) => s.current)).toEqual([true]);
  });

  it('needs a signed-in caller', async () => {
    expectRefusal(await t.app.inject({ method: 'POST', url: api('/sessions/revoke-others') }), 401, 'Unauthorized');
  });
});
