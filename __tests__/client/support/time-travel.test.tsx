import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnknownAction } from '@reduxjs/toolkit';
import ExchangeScreen from '../../../src/client/features/exchange/exchange-screen';
import { makeStore } from '../../../src/client/app/store';
import { renderWithProviders } from '../../support/render';
import { setupFakeBackend, signIn } from '../../support/server-mock';
import { fakeWallets, serveWallets, withUser } from '../../support/wallet-backend';

setupFakeBackend();

const send = () => screen.getByRole('textbox', { name: 'You send' });
const from = () => screen.getByRole('combobox', { name: 'From' });
/** The warning on the form (the toast of the same text comes and goes). */
const warning = () => within(screen.getByRole('form', { name: 'Convert currency' })).queryByText(/^Insufficient CAD balance/);

async function openExchange() {
  signIn();
  serveWallets(fakeWallets());
  const rendered = renderWithProviders(<ExchangeScreen />, { route: '/exchange', store: makeStore(withUser()) });
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  expect(await screen.findByText('Rate: 1 CAD = 1,039.50 NGN')).toBeInTheDocument();
  return rendered;
}

test('replaying the recorded actions on a fresh store shows the screen as it was at each point', async () => {
  // Record: the customer types more than the balance, clears it, then swaps the currencies.
  const recording = await openExchange();
  const user = userEvent.setup();
  await user.type(send(), '2000');
  expect(warning()).toHaveTextContent('Insufficient CAD balance. Available: 1,234.50 CAD');
  await user.clear(send());
  await user.click(screen.getByRole('button', { name: 'Swap currencies' }));
  expect(from()).toHaveValue('NGN');
  // The screen's own actions; RTK Query's need their meta and are re-run by the fresh screen itself.
  const recorded = recording.store.actionLog
    .actions()
    .filter(({ type }) => !type.startsWith('api/'))
    .map(({ type, payload }) => ({ type, payload }) as UnknownAction);
  recording.unmount();

  // Replay onto a fresh store, checking the screen where the recording was checked.
  const { store } = await openExchange();
  const replayUntil = (type: string, payload?: unknown) => {
    const index = recorded.findIndex((action) => action.type === type && (payload === undefined || action.payload === payload));
    expect(index).toBeGreaterThanOrEqual(0);
    act(() => recorded.splice(0, index + 1).forEach((action) => store.dispatch(action)));
  };
  expect(send()).toHaveValue('');

  replayUntil('exchange/amountEdited');
  expect(send()).toHaveValue('2');
  expect(warning()).toBeNull();

  replayUntil('exchange/insufficientWarningChanged', true);
  expect(send()).toHaveValue('2,000');
  expect(warning()).toHaveTextContent('Insufficient CAD balance. Available: 1,234.50 CAD');
  expect(from()).toHaveValue('CAD');

  replayUntil('exchange/swapped');
  expect(from()).toHaveValue('NGN');
  expect(send()).toHaveValue('');
  expect(warning()).toBeNull();
});

test('a dialog opened by an action shows, and closes with the next one', async () => {
  const { store } = await openExchange();
  // The ui slice holds open dialogs: the exchange screen has none, so the slice alone is checked.
  act(() => store.dispatch({ type: 'ui/dialogOpened', payload: 'set-pin' }));
  expect(store.getState().ui.dialogs).toEqual({ 'set-pin': true });
  act(() => store.dispatch({ type: 'ui/dialogClosed', payload: 'set-pin' }));
  expect(store.getState().ui.dialogs).toEqual({});
});
