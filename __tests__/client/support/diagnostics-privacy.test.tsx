import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Diagnostics } from '../../../src/client/features/support/diagnostics';
import { devicesApi } from '../../../src/client/features/profile/devices-api';
import { buildPath, endpoints } from '../../../src/shared/endpoints';
import { renderRoute } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, verifiedUser } from '../../support/server-mock';
import { fakeWallets, serveWallets } from '../../support/wallet-backend';

setupFakeBackend();

const PASSWORD = 'Secret#123';
const BOLA = 'bola.b@example.com';
const ADA = 'ada.a@example.com';

/** POST /auth/login: BOLA and ADA with PASSWORD; any other password is refused. */
function serveLogin() {
  for (const email of [BOLA, ADA]) backend.users.set(email, verifiedUser(email));
  server.use(
    http.post(apiPath(endpoints.login.path), async ({ request }) => {
      const { email, password } = (await request.json()) as { email: string; password: string };
      if (password !== PASSWORD || !backend.users.has(email)) {
        return HttpResponse.json({ success: false, message: 'Invalid email or password' }, { status: 401 });
      }
      const access_token = backend.issueToken({ email });
      return HttpResponse.json({
        success: true,
        message: 'Login successful',
        data: { ...verifiedUser(email), access_token, token_type: 'Bearer', expires_in: 900 },
      });
    }),
  );
}

type Ui = ReturnType<typeof renderRoute>;
const menu = () => screen.getByRole('navigation', { name: 'Main menu' });

async function signInAs(ui: Ui, email: string, password = PASSWORD) {
  const field = await screen.findByLabelText('Email');
  await ui.user.clear(field);
  await ui.user.type(field, email);
  await ui.user.clear(screen.getByLabelText('Password'));
  await ui.user.type(screen.getByLabelText('Password'), password);
  await ui.user.click(screen.getByRole('button', { name: 'Sign In' }));
}

async function signedIn(ui: Ui, email: string) {
  await signInAs(ui, email);
  expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
}

async function signOut(ui: Ui) {
  await ui.user.click(within(menu()).getByRole('button', { name: 'Sign out' }));
  await ui.user.click(within(await screen.findByRole('dialog', { name: 'Sign Out Confirmation' })).getByRole('button', { name: 'Sign Out' }));
  expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
}

/** About → Help Center → Download diagnostics: the file the browser saves. */
async function downloadDiagnostics(ui: Ui): Promise<Diagnostics> {
  await ui.user.click(within(menu()).getByRole('link', { name: 'About' }));
  await ui.user.click(await screen.findByRole('button', { name: 'Help Center' }));
  const saved: Blob[] = [];
  Object.assign(URL, { createObjectURL: jest.fn((blob: Blob) => (saved.push(blob), 'blob:diagnostics')), revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  await ui.user.click(screen.getByRole('button', { name: 'Download diagnostics' }));
  click.mockRestore();
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(saved[0]);
  });
  return JSON.parse(text) as Diagnostics;
}

beforeEach(() => {
  serveLogin();
  serveWallets(fakeWallets());
});

test("a customer's diagnostics hold nothing of the customer who signed out before them on this device", async () => {
  const ui = renderRoute('/');
  // Bola mistypes, signs in, looks at the profile, signs out.
  await signInAs(ui, BOLA, 'wrong');
  expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  await signedIn(ui, BOLA);
  await ui.user.click(within(menu()).getByRole('link', { name: 'Profile' }));
  expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  await signOut(ui);

  // Ada signs in in the same tab and sends diagnostics.
  await signedIn(ui, ADA);
  const file = await downloadDiagnostics(ui);

  expect(file.state.session.email).toBe(ADA);
  const text = JSON.stringify(file);
  expect(text).not.toContain(BOLA);
  expect(file.failedRequests).toEqual([]);
  expect(file.recentRoutes).not.toContain('/profile');
  expect(file.recentRoutes).toEqual(['/', '/dashboard', '/about']);
  expect(file.actions.map(({ type }) => type)).not.toContain('session/sessionEnded');
  expect(file.actions.filter(({ type }) => type === 'session/sessionStarted')).toEqual([
    expect.objectContaining({ payload: expect.objectContaining({ email: ADA }) }),
  ]);
});

test('a session that expired keeps its log for the same customer, not for the next one', async () => {
  const ui = renderRoute('/');
  await signedIn(ui, BOLA);
  // The server no longer knows the session: the next call and its refresh are refused.
  backend.accepted.clear();
  backend.owners.clear();
  await ui.user.click(within(menu()).getByRole('link', { name: 'Profile' }));
  expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();

  // Bola signs back in: the file says how the last session ended.
  await signedIn(ui, BOLA);
  const again = await downloadDiagnostics(ui);
  expect(again.actions).toContainEqual(expect.objectContaining({ type: 'session/sessionEnded', payload: { reason: 'expired' } }));
  expect(again.actions.filter(({ type }) => type === 'session/sessionStarted')).toHaveLength(2);
  expect(again.recentRoutes).toContain('/profile');

  // Bola's session expires again; then Ada signs in here: nothing of Bola's goes with Ada's file.
  backend.accepted.clear();
  backend.owners.clear();
  await ui.user.click(within(menu()).getByRole('link', { name: 'Profile' }));
  expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  await signedIn(ui, ADA);
  const file = await downloadDiagnostics(ui);
  expect(file.state.session.email).toBe(ADA);
  expect(JSON.stringify(file)).not.toContain(BOLA);
  expect(file.actions.map(({ type }) => type)).not.toContain('session/sessionEnded');
  expect(file.recentRoutes).toEqual(['/dashboard', '/about']);
});

test("answers to Bola's calls that land after Bola signed out are not kept for the next customer (one answered, one refused)", async () => {
  const ui = renderRoute('/');
  await signedIn(ui, BOLA);
  // Two of Bola's calls are still on their way when Bola signs out (the sign-out's reset of the API
  // cache aborts them: their answers are dropped, not recorded).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post(apiPath(endpoints.revokeOtherSessions.path), async () => {
      await released;
      return HttpResponse.json({ success: true, message: 'Signed out Bolas-Pixel-7', data: null });
    }),
    http.delete(apiPath(buildPath('revokeSession', { id: 's-9' })), async () => {
      await released;
      return HttpResponse.json({ success: false, message: 'Bolas-Pixel-7 is not yours' }, { status: 404 });
    }),
  );
  const answered = ui.store.dispatch(devicesApi.endpoints.revokeOtherSessions.initiate());
  const refused = ui.store.dispatch(devicesApi.endpoints.revokeSession.initiate('s-9'));
  await waitFor(() => expect(backend.seen(endpoints.revokeOtherSessions.path)).not.toHaveLength(0));
  await signOut(ui);
  release();
  await Promise.all([answered, refused]);

  await signedIn(ui, ADA);
  const file = await downloadDiagnostics(ui);
  expect(JSON.stringify(file)).not.toContain('Bolas-Pixel-7');
  expect(file.failedRequests).toEqual([]);
});
