import { screen, within } from '@testing-library/react';
import BillPaymentScreen from '../../../src/client/features/bill-payment/bill-payment-screen';
import TransferCadScreen from '../../../src/client/features/transfer-cad/transfer-cad-screen';
import { renderWithProviders } from '../../support/render';
import { backend, setupFakeBackend, signIn } from '../../support/server-mock';
import { enterPin, serveMoney } from '../../support/transfer-backend';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';

// The review step is one switch for every flow: turned on here, the real flows show it.
jest.mock('../../../src/client/features/money/money-flow-steps', () => ({
  ...jest.requireActual('../../../src/client/features/money/money-flow-steps'),
  REVIEW_STEP: true,
}));

setupFakeBackend();

function serve() {
  signIn();
  serveMoney(serveWallets(fakeWallets()));
}

test('CAD withdrawal with the review step on: form → review → PIN → receipt', async () => {
  serve();
  const { user, store } = renderWithProviders(<TransferCadScreen />, { route: '/transfer-cad', preloadedState: withUser() });
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Recipient name' }), 'Bola Ade');
  await user.type(screen.getByRole('textbox', { name: 'Recipient email' }), 'bola@example.com');
  await user.type(screen.getByRole('spinbutton', { name: 'Amount (CAD)' }), '25.5');
  await user.click(screen.getByRole('button', { name: 'Send' }));

  const review = await screen.findByRole('dialog', { name: 'Review' });
  expect(review).toHaveTextContent('RecipientBola Ade');
  expect(review).toHaveTextContent('Amount$25.50');
  expect(store.getState().ui.dialogs).toEqual({ 'transfer-cad-review': true });
  expect(backend.seen('/wallet/cad-withdrawal')).toHaveLength(0);

  await user.click(within(review).getByRole('button', { name: 'Continue' }));
  await enterPin(user);
  expect(await screen.findByRole('dialog', { name: 'Transaction Receipt' })).toHaveTextContent('Amount$25.50');
  expect(store.getState().ui.dialogs).toEqual({ 'transfer-cad-receipt': true });
});

test('bill payment with the review step on: Back returns to the form with its values', async () => {
  serve();
  const { user, store } = renderWithProviders(<BillPaymentScreen />, { route: '/bill-payment?category=school', preloadedState: withUser() });
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'lagos');
  await user.click(await screen.findByRole('button', { name: 'University of Lagos' }));
  await user.type(screen.getByRole('spinbutton', { name: 'Amount (CAD)' }), '250.5');
  await user.type(screen.getByRole('textbox', { name: 'Payee account number' }), 'MAT-2025-001');
  await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Tuition fees');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  const review = await screen.findByRole('dialog', { name: 'Review' });
  expect(review).toHaveTextContent('PayeeUniversity of Lagos');
  await user.click(within(review).getByRole('button', { name: 'Back' }));

  expect(store.getState().ui.dialogs).toEqual({});
  expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Tuition fees');
});
