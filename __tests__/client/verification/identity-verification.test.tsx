import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import VerificationScreen from '../../../src/client/features/verification/verification-screen';
import { theme } from '../../../src/client/ui';
import { endpoints } from '../../../src/shared/endpoints';
import { renderWithProviders } from '../../support/render';
import { apiPath, authed, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { makeUser, serveUser } from './fixtures';

setupFakeBackend();

const FRAME_URL = '/api/dev/identity/3f6c1a52-0000-4000-8000-000000000001';
const REVIEWING = "We're reviewing your ID and we will send you an email as soon as we are done.";

function serveSession(answer: () => Response = () => HttpResponse.json({
  success: true,
  message: 'Veriff session created successfully',
  data: { verification: { url: FRAME_URL, id: 'session-1' } },
}), held: Promise<void> = delay(20)) {
  server.use(http.post(apiPath(endpoints.createIdentitySession.path), authed(async () => {
    await held;
    return answer();
  })));
}

function renderScreen() {
  signIn();
  return renderWithProviders(<VerificationScreen />, { route: '/verification' });
}

const post = (data: unknown, origin = window.location.origin) =>
  act(() => { window.dispatchEvent(new MessageEvent('message', { data, origin })); });

describe('identity verification', () => {
  beforeEach(() => serveUser(() => makeUser()));

  test('starting shows the busy label, then opens the provider frame full screen', async () => {
    // The session is answered only once the busy label has been seen (a fixed delay could pass
    // before the click returns on a busy machine).
    let answer = () => {};
    serveSession(undefined, new Promise<void>((resolve) => { answer = resolve; }));
    const { user } = renderScreen();

    await user.click(await screen.findByRole('button', { name: 'Verify Identity' }));

    expect(screen.getByRole('button', { name: 'Starting Verification...' })).toBeDisabled();
    answer();
    const frame = await screen.findByRole('dialog', { name: 'Identity verification' });
    expect(within(frame).getByTitle('Identity verification')).toHaveAttribute('src', FRAME_URL);
    expect(within(frame).getByRole('button', { name: 'Close identity verification' })).toHaveFocus();
    expect(backend.seen(endpoints.createIdentitySession.path)).toHaveLength(1);
  });

  test("the provider's 'finished' message closes the frame and shows the review notice", async () => {
    serveSession();
    const { user, store } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Verify Identity' }));
    await screen.findByRole('dialog', { name: 'Identity verification' });

    await post({ type: 'kudi-identity', status: 'finished' }, 'https://elsewhere.example');
    expect(screen.getByRole('dialog', { name: 'Identity verification' })).toBeInTheDocument();

    await post({ type: 'kudi-identity', status: 'finished' });
    expect(screen.queryByRole('dialog', { name: 'Identity verification' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(REVIEWING);
    expect(store.getState().ui.steps['identity-check']).toBe(3);
  });

  test("'cancelled' (or the close button) closes the frame without the notice", async () => {
    serveSession();
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Verify Identity' }));
    await screen.findByRole('dialog', { name: 'Identity verification' });

    await post({ type: 'kudi-identity', status: 'cancelled' });

    expect(screen.queryByRole('dialog', { name: 'Identity verification' })).not.toBeInTheDocument();
    expect(screen.queryByText(REVIEWING)).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Verify Identity' }));
    await user.click(await screen.findByRole('button', { name: 'Close identity verification' }));
    expect(screen.queryByRole('dialog', { name: 'Identity verification' })).not.toBeInTheDocument();
  });

  test('a failure to start shows the server message, else the default', async () => {
    serveSession(() => HttpResponse.json({ success: false, message: 'Identity already verified' }, { status: 409 }));
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Verify Identity' }));
    expect(await screen.findByText('Identity already verified')).toBeInTheDocument();

    serveSession(() => HttpResponse.error());
    // The button leaves its busy label ('Starting Verification...') once the first call settles.
    await user.click(await screen.findByRole('button', { name: 'Verify Identity' }));
    expect(await screen.findByText('Failed to start identity verification')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('identity status polling', () => {
  afterEach(() => jest.useRealTimers());

  test('the user is polled every 5 s until identity is verified, then the completion toast shows and polling stops', async () => {
    jest.useFakeTimers();
    let calls = 0;
    serveUser(() => {
      calls += 1;
      return makeUser({ is_identity_verified: calls >= 3 });
    });
    serveSession();
    signIn();
    renderWithProviders(<VerificationScreen />, { route: '/verification' });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

    await user.click(await screen.findByRole('button', { name: 'Verify Identity' }));
    await screen.findByRole('dialog', { name: 'Identity verification' });
    const userCalls = () => backend.seen(endpoints.user.path).length;
    expect(userCalls()).toBe(1);

    await act(() => jest.advanceTimersByTimeAsync(4_900));
    expect(userCalls()).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(userCalls()).toBe(2));
    expect(screen.queryByText('Identity verification completed successfully!')).not.toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText('Identity verification completed successfully!')).toBeInTheDocument();
    expect(userCalls()).toBe(3);

    await act(() => jest.advanceTimersByTimeAsync(20_000));
    expect(userCalls()).toBe(3);
  });

  test('polling gives up after 300 s', async () => {
    jest.useFakeTimers();
    serveUser(() => makeUser());
    serveSession();
    signIn();
    renderWithProviders(<VerificationScreen />, { route: '/verification' });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Verify Identity' }));
    await screen.findByRole('dialog', { name: 'Identity verification' });

    for (let second = 0; second < 300; second += 5) await act(() => jest.advanceTimersByTimeAsync(5_000));
    const polled = backend.seen(endpoints.user.path).length;
    expect(polled).toBeGreaterThanOrEqual(59);
    expect(polled).toBeLessThanOrEqual(61);

    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(backend.seen(endpoints.user.path)).toHaveLength(polled);
  });
});

describe('a declined check', () => {
  afterEach(() => jest.useRealTimers());

  const NOT_APPROVED = 'Identity not approved';
  const NEXT_STEPS =
    'Start a new check with a clear photo of a valid, unexpired ID document in your legal name. If it is not approved again, contact support from the Help Center.';

  test('shows "not approved" (not green, not reviewing) with what to do next; its button starts a new check', async () => {
    serveUser(() => makeUser({ identity_status: 'declined' }));
    serveSession();
    const { user } = renderScreen();

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(NOT_APPROVED);
    expect(notice).toHaveTextContent('We could not approve your identity from the document you sent.');
    expect(notice).toHaveTextContent(NEXT_STEPS);
    expect(notice).toHaveStyle({ backgroundColor: theme.colors.dangerSoft });
    expect(within(notice).getByRole('link', { name: 'Contact support in the Help Center' })).toHaveAttribute('href', '/about');
    expect(screen.queryByText(REVIEWING)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify Identity' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start a new check' }));

    const frame = await screen.findByRole('dialog', { name: 'Identity verification' });
    expect(within(frame).getByTitle('Identity verification')).toHaveAttribute('src', FRAME_URL);
    expect(backend.seen(endpoints.createIdentitySession.path)).toHaveLength(1);
    expect(screen.queryByText(NOT_APPROVED)).not.toBeInTheDocument();
  });

  test('a decline while polling replaces the review notice and stops the polling', async () => {
    jest.useFakeTimers();
    let calls = 0;
    serveUser(() => {
      calls += 1;
      return makeUser({ identity_status: calls === 1 ? 'unverified' : calls === 2 ? 'pending' : 'declined' });
    });
    serveSession();
    signIn();
    renderWithProviders(<VerificationScreen />, { route: '/verification' });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Verify Identity' }));
    await screen.findByRole('dialog', { name: 'Identity verification' });
    await post({ type: 'kudi-identity', status: 'finished' });
    expect(screen.getByRole('status')).toHaveTextContent(REVIEWING);

    await act(() => jest.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(backend.seen(endpoints.user.path)).toHaveLength(2));
    expect(screen.getByRole('status')).toHaveTextContent(REVIEWING);
    expect(screen.queryByText(NOT_APPROVED)).not.toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_APPROVED);
    expect(screen.queryByText(REVIEWING)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a new check' })).toBeEnabled();
    expect(screen.queryByText('Identity verification completed successfully!')).not.toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(backend.seen(endpoints.user.path)).toHaveLength(3);
  });

  test("a new check after a decline: the earlier decline neither shows nor stops the polling; this check's approval does", async () => {
    jest.useFakeTimers();
    let calls = 0;
    serveUser(() => {
      calls += 1;
      return calls === 1 ? makeUser({ identity_status: 'declined' }) : makeUser({ is_identity_verified: calls >= 3 });
    });
    serveSession();
    signIn();
    renderWithProviders(<VerificationScreen />, { route: '/verification' });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Start a new check' }));
    await screen.findByRole('dialog', { name: 'Identity verification' });
    // Finished before the next answer: the user slice still tells of the declined check.
    await post({ type: 'kudi-identity', status: 'finished' });
    expect(screen.getByRole('status')).toHaveTextContent(REVIEWING);
    expect(screen.queryByText(NOT_APPROVED)).not.toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(backend.seen(endpoints.user.path)).toHaveLength(2));
    expect(screen.getByRole('status')).toHaveTextContent(REVIEWING);

    await act(() => jest.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText('Identity verification completed successfully!')).toBeInTheDocument();
    expect(backend.seen(endpoints.user.path)).toHaveLength(3);
    expect(screen.queryByText(NOT_APPROVED)).not.toBeInTheDocument();
  });
});
