import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import AddMoneyScreen from '../../../src/client/features/add-money/add-money-screen';
import type { RootState } from '../../../src/client/app/store';
import { renderWithProviders } from '../../support/render';
import { apiPath, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { fakeWallets, serveWallets, withUser, type FakeWallets } from '../../support/wallet-backend';
import { expectOnFormAndAsToast, settleToasts, toastsShown } from '../../support/toasts';

setupFakeBackend();

function renderAddMoney({ wallets = fakeWallets(), tab, handlers = [] }: { wallets?: FakeWallets; tab?: 'NGN'; handlers?: Parameters<typeof server.use> } = {}) {
  signIn();
  serveWallets(wallets);
  server.use(...handlers);
  const ui: RootState['ui'] = { dialogs: {}, steps: {}, tabs: tab ? { 'add-money': tab } : {} };
  return renderWithProviders(<AddMoneyScreen />, { route: '/add-money', preloadedState: { ...withUser(), ui } });
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('Add Money: CAD', () => {
  test('shows the balance, the deposit email, reference question and answer, each copyable, and the same-name note', async () => {
    const { user } = renderAddMoney();

    expect(screen.getByRole('heading', { level: 1, name: 'Account Details for CAD Deposits' })).toBeInTheDocument();
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(field('Deposit email')).toHaveValue('deposit+ada@kudi.example');
    expect(field('Reference question')).toHaveValue('Kudi');
    expect(field('Security answer')).toHaveValue('wallet42');
    expect(screen.getByText(/e-Transfers must come from a bank account in the same name as your Kudi account/)).toBeInTheDocument();

    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy deposit email' }));
    expect(writeText).toHaveBeenLastCalledWith('deposit+ada@kudi.example');
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy security answer' }));
    expect(writeText).toHaveBeenLastCalledWith('wallet42');
  });

  test('the reference question and answer show only when present', async () => {
    renderAddMoney({ wallets: fakeWallets({ cad: { security_question: '', security_answer: '' } }) });

    expect(await screen.findByRole('textbox', { name: 'Deposit email' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reference question' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Security answer' })).not.toBeInTheDocument();
  });

  test('a load failure says so', async () => {
    renderAddMoney({ handlers: [http.get(apiPath('/wallet/cad-wallet'), () => HttpResponse.error())] });
    expect(await screen.findByText('Failed to fetch CAD wallet details')).toBeInTheDocument();
  });
});

describe('Add Money: NGN', () => {
  test('the NGN tab (kept in the store) shows the balance and the copyable bank details', async () => {
    const { user, store } = renderAddMoney();
    await user.click(screen.getByRole('tab', { name: 'NGN' }));

    expect(store.getState().ui.tabs['add-money']).toBe('NGN');
    expect(screen.getByRole('heading', { level: 1, name: 'Account Details for NGN Deposits' })).toBeInTheDocument();
    expect(await screen.findByText('₦250,000.00')).toBeInTheDocument();
    expect(field('Bank name')).toHaveValue('Kudi Partner Bank');
    expect(field('Account name')).toHaveValue('Ada Obi');
    expect(field('Account number')).toHaveValue('0123456789');
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate Wallet' })).not.toBeInTheDocument();
  });

  test('a load failure says so', async () => {
    renderAddMoney({ tab: 'NGN', handlers: [http.get(apiPath('/wallet/naira-wallet'), () => HttpResponse.error())] });
    expect(await screen.findByText('Failed to fetch Naira wallet details')).toBeInTheDocument();
  });
});

describe('naira wallet activation', () => {
  const inactive = () => fakeWallets({ ngn: { is_wallet_activated: false, bank_name: null, account_name: null, account_number: null, tx_ref: null } });

  async function openActivation(options: Parameters<typeof renderAddMoney>[0] = {}) {
    const rendered = renderAddMoney({ wallets: inactive(), tab: 'NGN', ...options });
    expect(await screen.findByText('Your Naira wallet needs to be activated before you can receive payments.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Account number' })).not.toBeInTheDocument();
    await rendered.user.click(screen.getByRole('button', { name: 'Activate Wallet' }));
    return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Activate Naira Wallet' }) };
  }

  test('an activation dialog left open does not reappear when the customer comes back', async () => {
    const { store, unmount } = await openActivation();
    unmount();
    expect(store.getState().ui.dialogs).toEqual({});

    renderWithProviders(<AddMoneyScreen />, { route: '/add-money', store });
    expect(await screen.findByText('Your Naira wallet needs to be activated before you can receive payments.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('BVN keeps digits only, at most 11; NIN digits only; gender defaults to male', async () => {
    const { user, dialog } = await openActivation();
    const bvn = within(dialog).getByRole('textbox', { name: 'BVN' });

    await user.type(bvn, '12a34-5678 90123');
    expect(bvn).toHaveValue('12345678901');
    await user.type(within(dialog).getByRole('textbox', { name: 'NIN (optional)' }), 'x98y7');
    expect(within(dialog).getByRole('textbox', { name: 'NIN (optional)' })).toHaveValue('987');
    expect(within(dialog).getByRole('combobox', { name: 'Gender' })).toHaveValue('male');
  });

  test('a BVN that is not 11 digits is refused before any call', async () => {
    const { user, dialog } = await openActivation();
    await user.type(within(dialog).getByRole('textbox', { name: 'BVN' }), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Activate Wallet' }));

    expect(await within(dialog).findByText('Please enter a valid 11-digit BVN')).toBeInTheDocument();
    await expectOnFormAndAsToast('Please enter a valid 11-digit BVN');
    expect(backend.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  test('the refusal\'s toast goes once the BVN is corrected: it never stands beside "Wallet activated successfully!"', async () => {
    const wallets = inactive();
    const activate = http.post(apiPath('/wallet/naira-wallet'), () => {
      wallets.ngn = { ...wallets.ngn, is_wallet_activated: true, bank_name: 'Kudi Partner Bank', account_name: 'Ada Obi', account_number: '9876543210' };
      return HttpResponse.json({ success: 'true', message: 'Wallet activated successfully!' });
    });
    const { user, dialog } = await openActivation({ wallets, handlers: [activate] });
    const bvn = within(dialog).getByRole('textbox', { name: 'BVN' });
    await user.type(bvn, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Activate Wallet' }));
    await expectOnFormAndAsToast('Please enter a valid 11-digit BVN');

    await user.type(bvn, '678901');
    await settleToasts();
    expect(toastsShown()).not.toContain('Please enter a valid 11-digit BVN');
    await user.click(within(dialog).getByRole('button', { name: 'Activate Wallet' }));
    expect(await screen.findByText('Wallet activated successfully!')).toBeInTheDocument();
    expect(toastsShown()).toEqual(['Wallet activated successfully!']);
  });

  test('sends bvn, NIN and gender; on success says so, closes and reloads the wallet with its bank details', async () => {
    const bodies: unknown[] = [];
    const wallets = inactive();
    const capture = http.post(apiPath('/wallet/naira-wallet'), async ({ request }) => {
      bodies.push(await request.json());
      wallets.ngn = { ...wallets.ngn, is_wallet_activated: true, bank_name: 'Kudi Partner Bank', account_name: 'Ada Obi', account_number: '9876543210' };
      return HttpResponse.json({ success: 'true', message: 'Wallet activated successfully!' });
    });
    const { user, dialog } = await openActivation({ wallets, handlers: [capture] });

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Gender' }), 'female');
    await user.type(within(dialog).getByRole('textbox', { name: 'BVN' }), '22334455667');
    await user.type(within(dialog).getByRole('textbox', { name: 'NIN (optional)' }), '12345678901');
    await user.click(within(dialog).getByRole('button', { name: 'Activate Wallet' }));

    expect(await screen.findByText('Wallet activated successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([{ bvn: '22334455667', NIN: '12345678901', gender: 'female' }]);
    expect(await screen.findByRole('textbox', { name: 'Account number' })).toHaveValue('9876543210');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.seen('/wallet/naira-wallet').filter((request) => request.method === 'GET')).toHaveLength(2);
  });

  test('without a NIN the payload still has the three fields, NIN empty', async () => {
    const bodies: unknown[] = [];
    const capture = http.post(apiPath('/wallet/naira-wallet'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ success: 'true', message: 'Wallet activated successfully!' });
    });
    const { user, dialog } = await openActivation({ handlers: [capture] });
    await user.type(within(dialog).getByRole('textbox', { name: 'BVN' }), '22334455667');
    await user.click(within(dialog).getByRole('button', { name: 'Activate Wallet' }));

    expect(await screen.findByText('Wallet activated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(bodies).toEqual([{ bvn: '22334455667', NIN: '', gender: 'male' }]));
  });

  test.each([
    ['the server message', HttpResponse.json({ success: false, message: 'Your Naira wallet is already activated' }, { status: 409 }), 'Your Naira wallet is already activated'],
    ['the default text', HttpResponse.error(), 'Failed to activate wallet'],
  ])('a failure shows %s and keeps the dialog open', async (_case, response, text) => {
    const { user, dialog } = await openActivation({ handlers: [http.post(apiPath('/wallet/naira-wallet'), () => response)] });
    await user.type(within(dialog).getByRole('textbox', { name: 'BVN' }), '22334455667');
    await user.click(within(dialog).getByRole('button', { name: 'Activate Wallet' }));

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Activate Naira Wallet' })).toBeInTheDocument();
  });
});
