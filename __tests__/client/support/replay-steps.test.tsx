import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildDiagnostics, type Diagnostics } from '../../../src/client/features/support/diagnostics';
import { acceptLogin } from '../auth/auth-backend';
import { renderRoute } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn, TEST_EMAIL } from '../../support/server-mock';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';

setupFakeBackend();

type Ui = ReturnType<typeof renderRoute>;
const menuLink = (name: string) => within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name });

/** The customer goes to About (where the Help Center is) and downloads diagnostics: the file as loaded, the app gone. */
async function download(ui: Ui): Promise<Diagnostics> {
  await ui.user.click(menuLink('About'));
  expect(await screen.findByRole('button', { name: 'Help Center' })).toBeInTheDocument();
  const file = buildDiagnostics(ui.store, { route: '/about', viewport: { width: 1280, height: 800 } });
  ui.unmount();
  server.resetHandlers();
  localStorage.clear();
  return JSON.parse(JSON.stringify(file)) as Diagnostics;
}

async function replay(file: Diagnostics) {
  server.use(http.get(apiPath('/support/config'), () => HttpResponse.json({ success: true, data: { supportTools: true } })));
  const ui = renderRoute('/support/replay');
  await ui.user.upload(await screen.findByLabelText('Diagnostics file'), new File([JSON.stringify(file)], 'd.json', { type: 'application/json' }));
  const customer = await screen.findByRole('region', { name: "Customer's screen" });
  const count = file.actions.length;
  const label = (step: number) => (step === 0 ? `Before action 1 of ${count}` : `After action ${step} of ${count}: ${file.actions[step - 1].type}`);
  let at = count;
  /** Steps with Previous / Next to `step`, checking the screen is never blank on the way. */
  const goTo = async (step: number) => {
    while (at !== step) {
      await ui.user.click(screen.getByRole('button', { name: at > step ? 'Previous action' : 'Next action' }));
      at += at > step ? -1 : 1;
      expect(screen.getByText(label(at))).toBeInTheDocument();
      await waitFor(() => expect(customer.textContent).not.toBe(''));
    }
  };
  return { ...ui, customer, goTo };
}

/** The step right after the first action of `type`. */
const after = (file: Diagnostics, type: string) => file.actions.findIndex((action) => action.type === type) + 1;
/** The step right after the screen `path` was shown. */
const shown = (file: Diagnostics, path: string) =>
  file.actions.findIndex(({ type, payload }) => type === 'router/routeShown' && (payload as { path: string }).path === path) + 1;

test('each step shows the screen the customer was on at that action, and says when the file does not know it', async () => {
  signIn();
  serveWallets(fakeWallets());
  const app = renderRoute('/dashboard', { preloadedState: withUser() });
  expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
  await app.user.click(menuLink('Convert'));
  await app.user.type(await screen.findByRole('textbox', { name: 'You send' }), '2000');
  const file = await download(app);

  const { customer, goTo } = await replay(file);
  expect(await within(customer).findByRole('heading', { name: 'Exchange' })).toBeInTheDocument();
  expect(screen.getByText('Screen: /exchange')).toBeInTheDocument();

  // Before the customer opened Convert they were on the dashboard: the replay shows it, not the exchange.
  await goTo(shown(file, '/exchange') - 1);
  expect(screen.getByText('Screen: /dashboard')).toBeInTheDocument();
  expect(await within(customer).findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
  expect(within(customer).queryByRole('heading', { name: 'Exchange' })).not.toBeInTheDocument();

  // Before the first screen the log recorded, the file does not say: the replay says so.
  await goTo(0);
  expect(within(customer).getByRole('status')).toHaveTextContent(
    `The file does not say which screen the customer was on at this step: the screens shown are recorded from action ${shown(file, '/dashboard')} on.`,
  );
  expect(within(customer).queryByRole('heading', { name: 'Quick Actions' })).not.toBeInTheDocument();

  await goTo(file.actions.length);
  expect(await within(customer).findByRole('heading', { name: 'Exchange' })).toBeInTheDocument();
});

test('stepping back past a session that expired shows the signed-out customer, and forward again the snapshot', async () => {
  signIn();
  serveWallets(fakeWallets());
  const app = renderRoute('/dashboard', { preloadedState: withUser() });
  expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
  // The server ends the session; the customer's next screen finds it gone.
  backend.accepted.clear();
  backend.owners.clear();
  await app.user.click(menuLink('Convert'));
  expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  // The customer signs in again and converts.
  acceptLogin();
  serveWallets(fakeWallets());
  await app.user.type(screen.getByLabelText('Email'), TEST_EMAIL);
  await app.user.type(screen.getByLabelText('Password'), 'Secret#123');
  await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
  await app.user.click(menuLink('Convert'));
  expect(await screen.findByRole('textbox', { name: 'You send' })).toBeInTheDocument();
  const file = await download(app);

  const { customer, goTo } = await replay(file);
  expect(await within(customer).findByRole('heading', { name: 'Exchange' })).toBeInTheDocument();

  await goTo(after(file, 'session/sessionEnded'));
  expect(await within(customer).findByText('The customer was signed out here: they saw the sign-in screen.')).toBeInTheDocument();
  await goTo(shown(file, '/'));
  expect(within(customer).getByText('The customer was signed out here: they saw the sign-in screen.')).toBeInTheDocument();
  // Back before the end: the customer opening Convert, signed in (that screen's calls ended the session).
  await goTo(after(file, 'session/sessionEnded') - 1);
  expect(screen.getByText('Screen: /exchange')).toBeInTheDocument();
  expect(await within(customer).findByRole('heading', { name: 'Exchange' })).toBeInTheDocument();
  expect(within(customer).queryByText(/signed out here/)).not.toBeInTheDocument();

  // Forward again, through the sign-out, to the snapshot.
  await goTo(file.actions.length);
  expect(await within(customer).findByRole('heading', { name: 'Exchange' })).toBeInTheDocument();
  expect(within(customer).getByRole('textbox', { name: 'You send' })).toBeInTheDocument();
});
