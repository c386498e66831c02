// A fake backend for client tests (msw): it enforces bearer auth like the real API and
// implements the token refresh, so screens and the API layer can be tested end to end.
import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import { endpoints } from '../../src/shared/endpoints';
import { STORAGE_KEYS } from '../../src/shared/limits';
import type { User } from '../../src/shared/types';
import { devicesFake, devicesRoutes } from './devices-backend';
import { pricing, pricingHandler, pricingRoutes } from './pricing-backend';
import { recipientRoutes, recipients } from './recipients-backend';

export const TEST_EMAIL = 'ada@example.com';

/** The absolute path the app calls for an API path: apiPath('/auth/user') → '/api/auth/user'. */
export const apiPath = (path: string) => `${__API_BASE__}${path}`;

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

let issued = 0;

/**
 * An unsigned JWT-shaped token (header.payload.signature) that jwt-decode accepts.
 * `exp` is in seconds since the epoch (default: 15 minutes from now); `exp: null` leaves it out.
 */
export function makeToken({ exp = nowS() + 900, email = TEST_EMAIL }: { exp?: number | null; email?: string } = {}) {
  issued += 1;
  const payload = { sub: email, email, iat: nowS(), jti: `t${issued}`, ...(exp === null ? {} : { exp }) };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.signature`;
}

export const nowS = () => Math.floor(Date.now() / 1000);

interface SeenRequest {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
}

/** What the fake backend knows: which tokens it accepts and every request it saw. */
export const backend = {
  /** Tokens accepted as bearer (until they expire); a refresh replaces the presented one. */
  accepted: new Set<string>(),
  /** Every token ever issued for an email: any of them may be presented to refresh. */
  owners: new Map<string, string>(),
  requests: [] as SeenRequest[],
  /** What GET /auth/user answers per email (signIn() sets it). */
  users: new Map<string, User>(),
  /** Issues a token the backend accepts. */
  issueToken(options: { exp?: number | null; email?: string } = {}): string {
    const token = makeToken(options);
    backend.accepted.add(token);
    backend.owners.set(token, options.email ?? TEST_EMAIL);
    return token;
  },
  /** The requests seen for one API path (without the query string). */
  seen(path: string): SeenRequest[] {
    return backend.requests.filter((request) => request.path === apiPath(path));
  },
  reset(): void {
    backend.accepted.clear();
    backend.owners.clear();
    backend.requests = [];
    backend.users.clear();
    pricing.reset();
    recipients.reset();
    devicesFake.reset();
  },
};

const bearer = (request: Request) => request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;

const unauthorized = () => HttpResponse.json({ success: false, message: 'Unauthorized' }, { status: 401 });

function isLive(token: string | null): token is string {
  if (!token || !backend.accepted.has(token)) return false;
  const { exp } = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
  return exp !== undefined && exp > nowS();
}

/** Wraps a handler's resolver so it answers 401 unless the request carries a live bearer token. */
export function authed<Params extends PathParams, Body extends DefaultBodyType>(
  resolver: HttpResponseResolver<Params, Body>,
): HttpResponseResolver<Params, Body> {
  return (info) => (isLive(bearer(info.request)) ? resolver(info) : unauthorized());
}

/** GET /auth/refresh-token/:email: a token issued for that email gets a new one (and stops being accepted). */
const refreshHandler = http.get(apiPath(endpoints.refreshToken.path), ({ request, params }) => {
  const token = bearer(request);
  if (!token || backend.owners.get(token) !== params.email) {
    return HttpResponse.json({ success: false, message: 'Session expired' }, { status: 401 });
  }
  backend.accepted.delete(token);
  return HttpResponse.json({ success: true, message: 'Token refreshed', data: { token: backend.issueToken({ email: String(params.email) }) } });
});

/** GET /auth/user: the user signIn() stored for the bearer token's owner. */
const userHandler = http.get(
  apiPath(endpoints.user.path),
  authed(({ request }) => {
    const user = backend.users.get(backend.owners.get(bearer(request) ?? '') ?? '');
    return user
      ? HttpResponse.json({ success: true, data: user })
      : HttpResponse.json({ success: false, message: 'Not found' }, { status: 404 });
  }),
);

/** POST /auth/logout: the bearer token's session is revoked (the token stops being accepted). */
const logoutHandler = http.post(
  apiPath(endpoints.logout.path),
  authed(({ request }) => {
    backend.accepted.delete(bearer(request) ?? '');
    return HttpResponse.json({ success: true, message: 'Signed out successfully' });
  }),
);

/** GET /pricing (public): the server's defaults, a 1.00% margin and no fees. */
const defaultPricing = pricingHandler(apiPath);

// The quotes, limits and proof-of-address fakes (pricing-backend.ts) answer in every test.
const pricingHandlers = pricingRoutes.map(({ method, path, resolver }) => http[method](apiPath(path), authed(resolver)));
// The saved recipients (recipients-backend.ts): none unless a test saves some.
const recipientHandlers = recipientRoutes.map(({ method, path, resolver }) => http[method](apiPath(path), authed(resolver)));

// The Devices fakes (devices-backend.ts): the Profile screen lists the devices in every test that shows it.
const devicesHandlers = devicesRoutes.map(({ method, path, resolver }) => http[method](apiPath(path), authed(resolver)));

export const server = setupServer(refreshHandler, userHandler, logoutHandler, defaultPricing, ...pricingHandlers, ...devicesHandlers, ...recipientHandlers);

server.events.on('request:start', ({ request }) => {
  backend.requests.push({
    method: request.method,
    path: new URL(request.url).pathname,
    authorization: request.headers.get('Authorization'),
    idempotencyKey: request.headers.get('Idempotency-Key'),
  });
});

/** A fully verified user with a transaction PIN: every screen is open to them. */
export const verifiedUser = (email = TEST_EMAIL): User => ({
  is_email_verified: true,
  is_phone_verified: true,
  is_identity_verified: true,
  is_set_transaction_pin: true,
  first_name: 'Ada',
  last_name: 'Obi',
  email,
  phone_number: '+2348012345678',
  address: '',
  nationality: 'NG',
  country_of_residence: 'CA',
  dob: '15/01/1990',
  identity_status: 'approved',
});

/**
 * Stores a signed-in session in localStorage 'user' (as the login screen does), with a token the
 * backend accepts. Call it before creating the store: makeStore() reads the session from there.
 * GET /auth/user then answers verifiedUser() with `user` merged in.
 */
export function signIn(options: { exp?: number | null; email?: string; user?: Partial<User> } = {}) {
  const email = options.email ?? TEST_EMAIL;
  backend.users.set(email, { ...verifiedUser(email), ...options.user });
  const token = backend.issueToken({ exp: options.exp, email });
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...options.user, email, access_token: token, token }));
  return { email, token };
}

/** Starts the fake backend for a test file and resets it (and localStorage) after each test. */
export function setupFakeBackend(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    backend.reset();
    localStorage.clear();
  });
  afterAll(() => server.close());
}
