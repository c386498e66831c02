import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import IdentityVerificationScreen from '../../../src/client/features/identity/identity-verification-screen';
import { endpoints } from '../../../src/shared/endpoints';
import { renderWithProviders } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { bodies } from '../verification/fixtures';
import { expectOnFormAndAsToast } from '../../support/toasts';

setupFakeBackend();

const FRAME_URL = '/api/dev/identity/3f6c1a52-0000-4000-8000-000000000002';

function setup(answer: () => Response = () =>
  HttpResponse.json({ success: true, message: 'Veriff session created successfully', data: { verification_url: FRAME_URL } })) {
  const sent = bodies();
  server.use(http.post(apiPath(endpoints.externalIdentitySession.path), async ({ request }) => {
    await sent.record(request);
    return answer();
  }));
  return { sent, ...renderWithProviders(<IdentityVerificationScreen />, { route: '/identity-verification' }) };
}

describe('standalone identity screen', () => {
  test('both names are required (blank counts as empty)', async () => {
    const { user, sent } = setup();
    await user.type(screen.getByLabelText('First name'), '   ');
    await user.type(screen.getByLabelText('Last name'), 'Obi');

    await user.click(screen.getByRole('button', { name: 'Start Verification' }));

    await expectOnFormAndAsToast('Please enter both first name and last name');
    expect(sent.seen).toEqual([]);
  });

  test('sends the trimmed names with the public access key, then opens the provider frame', async () => {
    const { user, sent } = setup();
    await user.type(screen.getByLabelText('First name'), '  Ada ');
    await user.type(screen.getByLabelText('Last name'), ' Obi');

    await user.click(screen.getByRole('button', { name: 'Start Verification' }));

    const frame = await screen.findByRole('dialog', { name: 'Identity verification' });
    expect(sent.seen).toEqual([{ first_name: 'Ada', last_name: 'Obi', key: 'kudi-public-identity-key' }]);
    expect(screen.getByText('Verification session created successfully!')).toBeInTheDocument();
    expect(within(frame).getByTitle('Identity verification')).toHaveAttribute('src', FRAME_URL);

    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'kudi-identity', status: 'finished' }, origin: window.location.origin }));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText("We're reviewing your ID and we will send you an email as soon as we are done.")).toBeInTheDocument();
  });

  test('the keyboard stays in the frame: Tab past the provider\'s page comes round to Close, Shift+Tab from Close goes into the page', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Obi');
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));
    const frame = await screen.findByRole('dialog', { name: 'Identity verification' });
    const close = within(frame).getByRole('button', { name: 'Close identity verification' });
    await waitFor(() => expect(close).toHaveFocus());

    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(within(frame).getByTitle('Identity verification')).toHaveFocus();
    // Tab out of the provider's last control reaches the stop after the frame, which hands the focus round.
    act(() => within(frame).getByTestId('identity-frame-end').focus());
    expect(close).toHaveFocus();
    expect(screen.getByLabelText('First name')).not.toHaveFocus();
  });

  test('a refusal shows the server message, a failure the default text', async () => {
    let answer = () => HttpResponse.json({ success: false, message: 'Invalid access key' }, { status: 403 });
    const { user } = setup(() => answer());
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Obi');
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));
    expect(await screen.findByText('Invalid access key')).toBeInTheDocument();

    answer = () => HttpResponse.error();
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));
    expect(await screen.findByText('Failed to create verification session')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('an anonymous visitor sends no bearer token: the check is for no account', async () => {
    const { user } = setup();
    expect(screen.queryByText(/Signed in as/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Obi');
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));
    await screen.findByRole('dialog', { name: 'Identity verification' });
    expect(backend.seen(endpoints.externalIdentitySession.path).map((request) => request.authorization)).toEqual([null]);
    expect(backend.seen(endpoints.user.path)).toEqual([]);
  });

  test("a signed-in person's check carries their bearer token, for their account's legal name", async () => {
    const { token } = signIn({ user: { is_identity_verified: false, identity_status: 'declined', first_name: 'Ngozi', last_name: 'Eze' } });
    const { user, sent } = setup();

    expect(await screen.findByText('Signed in as ada@example.com: this check is for your account.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ngozi');
    expect(screen.getByLabelText('Last name')).toHaveValue('Eze');
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));

    await screen.findByRole('dialog', { name: 'Identity verification' });
    expect(sent.seen).toEqual([{ first_name: 'Ngozi', last_name: 'Eze', key: 'kudi-public-identity-key' }]);
    expect(backend.seen(endpoints.externalIdentitySession.path).map((request) => request.authorization)).toEqual([`Bearer ${token}`]);
  });

  test('the Back to Kudi link goes to /', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Back to Kudi' })).toHaveAttribute('href', '/');
  });
});
