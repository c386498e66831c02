import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import ProfileScreen from '../../../src/client/features/profile/profile-screen';
import { documentProblem } from '../../../src/client/features/profile/limits-card';
import { PROOF_POLL_INTERVAL_MS } from '../../../src/shared/limits';
import type { User } from '../../../src/shared/types';
import { renderWithProviders } from '../../support/render';
import { basicLimits, plusLimits, pricing } from '../../support/pricing-backend';
import { backend, setupFakeBackend, signIn } from '../../support/server-mock';
import { makeUser, serveCountries, serveUser } from '../verification/fixtures';
import { toastsShown } from '../../support/toasts';

setupFakeBackend();

/** A fully verified customer (the Basic tier's gate) unless `profile` says otherwise. */
function renderProfile(profile: Partial<User> = {}) {
  serveUser(() => makeUser({ is_phone_verified: true, is_identity_verified: true, is_set_transaction_pin: true, ...profile }));
  serveCountries();
  signIn();
  return renderWithProviders(<ProfileScreen />, { route: '/profile' });
}

const limitsCard = async () => (await screen.findByRole('heading', { name: 'Limits' })).closest('section')!;
/**
 * A picked file. Node's File (node:buffer), as fetch's FormData (Node's, jsdom-env.js) only takes
 * Node's Blobs: a jsdom File would be sent as the text '[object File]'. A browser has one kind.
 */
const file = (name: string, type: string, size: number) => new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;

describe('profile: tier, limits and the way to Plus (spec-next §B)', () => {
  test('shows the tier, the limits and what is used and left today', async () => {
    pricing.limits = basicLimits({ used_today: '250.00', remaining_today: '750.00', used_30_days: '1200.50', remaining_30_days: '3799.50' });
    renderProfile();
    const card = await limitsCard();
    expect(await within(card).findByText('Basic')).toBeInTheDocument();
    expect(card).toHaveTextContent('Per transfer$1,000.00');
    expect(card).toHaveTextContent('Per day$1,000.00');
    expect(card).toHaveTextContent('Per 30 days$5,000.00');
    expect(card).toHaveTextContent('Used today$250.00');
    expect(card).toHaveTextContent('Left today$750.00');
    expect(card).toHaveTextContent('Used in the last 30 days$1,200.50');
    expect(card).toHaveTextContent('Left over 30 days$3,799.50');
    expect(await within(card).findByText('Not sent')).toBeInTheDocument();
  });

  test('when the 30 days leave less than the day, "Left today" is what the 30 days leave (what a send today can reach)', async () => {
    pricing.limits = basicLimits({ used_today: '0.00', remaining_today: '1000.00', used_30_days: '4950.00', remaining_30_days: '50.00' });
    renderProfile();
    const card = await limitsCard();
    expect(await within(card).findByText('Basic')).toBeInTheDocument();
    expect(card).toHaveTextContent('Left today$50.00');
    expect(card).toHaveTextContent('Left over 30 days$50.00');
  });

  test('Plus: no upload offered', async () => {
    pricing.limits = plusLimits();
    renderProfile();
    const card = await limitsCard();
    expect(await within(card).findByText('Plus')).toBeInTheDocument();
    expect(card).toHaveTextContent('Per transfer$10,000.00');
    expect(within(card).queryByLabelText('Upload proof of address')).not.toBeInTheDocument();
  });

  test('not verified yet: no limits card (and no limits call)', async () => {
    renderProfile({ is_identity_verified: false });
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Limits' })).not.toBeInTheDocument();
    expect(backend.seen('/limits')).toHaveLength(0);
  });

  test('uploading a PDF sends it as multipart `document`; the status becomes "Under review"', async () => {
    pricing.limits = basicLimits();
    renderProfile();
    const user = userEvent.setup();
    const card = await limitsCard();
    const input = await within(card).findByLabelText('Upload proof of address');
    expect(input).toHaveAttribute('accept', 'application/pdf,image/png,image/jpeg');

    await user.upload(input, file('bill.pdf', 'application/pdf', 2048));

    expect(await screen.findByText('Proof of address received. We will review it shortly.')).toBeInTheDocument();
    expect(pricing.uploads).toEqual([{ name: 'bill.pdf', type: 'application/pdf', size: 2048 }]);
    expect(await within(card).findByText('Under review')).toBeInTheDocument();
    expect(within(card).queryByLabelText('Upload proof of address')).not.toBeInTheDocument();
  });

  test.each([
    ['over 5 MB', file('big.pdf', 'application/pdf', 5 * 1024 * 1024 + 1), 'The document must be at most 5 MB.'],
    ['not a PDF, PNG or JPEG', file('notes.txt', 'text/plain', 10), 'The document must be a PDF, PNG or JPEG file.'],
    ['empty', file('empty.png', 'image/png', 0), 'The document is empty.'],
  ])('a file %s is refused in the browser, nothing sent', async (_case, document, message) => {
    pricing.limits = basicLimits();
    renderProfile();
    const user = userEvent.setup({ applyAccept: false });
    const card = await limitsCard();
    await user.upload(await within(card).findByLabelText('Upload proof of address'), document);

    expect(await within(card).findByText(message)).toBeInTheDocument();
    expect(toastsShown()).toContain(message);
    expect(backend.seen('/verification/proof-of-address').filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  test('under review, the status is asked again until it is decided; an approval shows Plus and its limits without a reload', async () => {
    jest.useFakeTimers();
    try {
      pricing.limits = basicLimits();
      pricing.proofOfAddress = { status: 'pending' };
      renderProfile();
      const card = await limitsCard();
      expect(await within(card).findByText('Under review')).toBeInTheDocument();
      expect(within(card).getByText('Basic')).toBeInTheDocument();

      pricing.proofOfAddress = { status: 'approved' };
      pricing.limits = plusLimits();
      await act(() => jest.advanceTimersByTimeAsync(PROOF_POLL_INTERVAL_MS));
      expect(await within(card).findByText('Plus')).toBeInTheDocument();
      expect(card).toHaveTextContent('Per transfer$10,000.00');
      expect(within(card).queryByText('Under review')).not.toBeInTheDocument();

      // Decided: no more asking.
      const asked = backend.seen('/verification/proof-of-address').length;
      await act(() => jest.advanceTimersByTimeAsync(3 * PROOF_POLL_INTERVAL_MS));
      expect(backend.seen('/verification/proof-of-address')).toHaveLength(asked);
    } finally {
      jest.useRealTimers();
    }
  });

  test('a server refusal is shown under the upload', async () => {
    pricing.limits = basicLimits();
    pricing.uploadRefusal = { status: 400, message: 'The document must be a PDF, PNG or JPEG file.' };
    renderProfile();
    const user = userEvent.setup();
    const card = await limitsCard();
    await user.upload(await within(card).findByLabelText('Upload proof of address'), file('scan.png', 'image/png', 100));
    await waitFor(() => expect(pricing.uploads).toHaveLength(1));
    expect(await within(card).findByText('The document must be a PDF, PNG or JPEG file.')).toBeInTheDocument();
  });

  test('each file picked replaces what was said of the one before: the server\'s refusal, then an empty file', async () => {
    pricing.limits = basicLimits();
    pricing.uploadRefusal = { status: 400, message: 'The document must be a PDF, PNG or JPEG file.' };
    renderProfile();
    const user = userEvent.setup();
    const card = await limitsCard();
    await user.upload(await within(card).findByLabelText('Upload proof of address'), file('wrong.pdf', 'application/pdf', 100));
    expect(await within(card).findByText('The document must be a PDF, PNG or JPEG file.')).toBeInTheDocument();

    await user.upload(within(card).getByLabelText('Upload proof of address'), file('empty.png', 'image/png', 0));
    expect(await within(card).findByText('The document is empty.')).toBeInTheDocument();
    expect(within(card).queryByText('The document must be a PDF, PNG or JPEG file.')).not.toBeInTheDocument();
    expect(toastsShown()).toContain('The document is empty.');
    expect(pricing.uploads).toHaveLength(1);
  });

  test('rejected: the reason, and the upload offered again', async () => {
    pricing.limits = basicLimits();
    pricing.proofOfAddress = { status: 'rejected', reason: 'The address is not readable' };
    renderProfile();
    const card = await limitsCard();
    expect(await within(card).findByText('Rejected')).toBeInTheDocument();
    expect(card).toHaveTextContent('Reason: The address is not readable');
    expect(within(card).getByLabelText('Upload proof of address')).toBeInTheDocument();
  });

  test('the file rules, as a pure function', () => {
    expect(documentProblem(file('a.jpg', 'image/jpeg', 5 * 1024 * 1024))).toBeNull();
    expect(documentProblem(file('a.pdf', 'application/pdf', 5 * 1024 * 1024 + 1))).toBe('The document must be at most 5 MB.');
  });
});
