import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { dialogIds } from '../../../src/client/app/dialog-ids';
import { makeStore } from '../../../src/client/app/store';
import { dialogOpened } from '../../../src/client/app/ui-slice';
import { useGetUserQuery } from '../../../src/client/api/user-api';
import SetPinDialog from '../../../src/client/features/pin/set-pin-dialog';
import { endpoints } from '../../../src/shared/endpoints';
import { renderWithProviders } from '../../support/render';
import { expectOnFormAndAsToast } from '../../support/toasts';
import { apiPath, authed, backend, server, setupFakeBackend, signIn } from '../../support/server-mock';
import { bodies, makeUser, serveUser } from '../verification/fixtures';

setupFakeBackend();

function setup(answer: () => Response = () => HttpResponse.json({ success: 'true', message: 'Transaction PIN set successfully!' })) {
  const sent = bodies();
  serveUser(() => makeUser({ is_set_transaction_pin: sent.seen.length > 0 }));
  server.use(http.post(apiPath(endpoints.createPin.path), authed(async ({ request }) => {
    await sent.record(request);
    return answer();
  })));
  signIn();
  const store = makeStore();
  store.dispatch(dialogOpened(dialogIds.setPin));
  return { sent, ...renderWithProviders(<><PinFlag /><SetPinDialog /></>, { store }) };
}

/** Shows the current user's PIN flag, as the layout does. */
function PinFlag() {
  const { data } = useGetUserQuery();
  return <p>{data?.data.is_set_transaction_pin ? 'PIN set' : 'No PIN'}</p>;
}

const pinBoxes = (label: string) => within(screen.getByRole('group', { name: label })).getAllByLabelText(/Digit \d of 4/) as HTMLInputElement[];

describe('set transaction PIN dialog', () => {
  test('is closed unless its dialog id is open in the store', () => {
    signIn();
    renderWithProviders(<SetPinDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Continue needs 4 digits; the PIN boxes are masked', async () => {
    const ui = setup();
    expect(screen.getByRole('dialog', { name: 'Set Transaction PIN' })).toBeInTheDocument();
    pinBoxes('Transaction PIN').forEach((box) => expect(box).toHaveAttribute('type', 'password'));
    await ui.user.keyboard('12');

    await ui.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(within(screen.getByRole('dialog', { name: 'Set Transaction PIN' })).getByRole('alert')).toHaveTextContent('Please enter a 4-digit PIN');
    await expectOnFormAndAsToast('Please enter a 4-digit PIN');
    expect(ui.store.getState().ui.steps[dialogIds.setPin]).toBeUndefined();
  });

  test('a mismatch in the confirm step clears the confirm boxes only', async () => {
    const ui = setup();
    await ui.user.keyboard('1234');
    await ui.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Transaction PIN' })).toBeInTheDocument();
    expect(ui.store.getState().ui.steps[dialogIds.setPin]).toBe(2);
    await waitFor(() => expect(pinBoxes('Re-enter PIN')[0]).toHaveFocus());

    await ui.user.keyboard('4321');
    await ui.user.click(screen.getByRole('button', { name: 'Confirm PIN' }));

    expect(within(screen.getByRole('dialog', { name: 'Confirm Transaction PIN' })).getByRole('alert')).toHaveTextContent('PINs do not match');
    await expectOnFormAndAsToast('PINs do not match');
    pinBoxes('Re-enter PIN').forEach((box) => expect(box).toHaveValue(''));
    expect(ui.sent.seen).toEqual([]);

    // The first PIN was kept: re-entering it now succeeds.
    await waitFor(() => expect(pinBoxes('Re-enter PIN')[0]).toHaveFocus());
    await ui.user.keyboard('1234');
    await ui.user.click(screen.getByRole('button', { name: 'Confirm PIN' }));
    await waitFor(() => expect(ui.sent.seen).toEqual([{ transaction_pin: '1234', confirm_transaction_pin: '1234' }]));
  });

  test('success: toast, user refreshed, dialog closed and reset', async () => {
    const ui = setup();
    expect(await screen.findByText('No PIN')).toBeInTheDocument();
    await ui.user.keyboard('2580');
    await ui.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(pinBoxes('Re-enter PIN')[0]).toHaveFocus());
    await ui.user.keyboard('2580');
    await ui.user.click(screen.getByRole('button', { name: 'Confirm PIN' }));

    expect(await screen.findByText('Transaction PIN set successfully!')).toBeInTheDocument();
    expect(ui.sent.seen).toEqual([{ transaction_pin: '2580', confirm_transaction_pin: '2580' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(ui.store.getState().ui.steps[dialogIds.setPin]).toBe(1);
    expect(ui.store.getState().ui.dialogs[dialogIds.setPin]).toBeUndefined();
    expect(await screen.findByText('PIN set')).toBeInTheDocument();
    expect(backend.seen(endpoints.user.path)).toHaveLength(2);
  });

  test('a refusal shows the server message and keeps the dialog; a failure shows "Failed to set PIN"', async () => {
    let answer = (): Response => HttpResponse.json({ success: false, message: 'Transaction PIN already set' }, { status: 409 });
    const ui = setup(() => answer());
    await ui.user.keyboard('1111');
    await ui.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(pinBoxes('Re-enter PIN')[0]).toHaveFocus());
    await ui.user.keyboard('1111');
    await ui.user.click(screen.getByRole('button', { name: 'Confirm PIN' }));
    expect(await screen.findByText('Transaction PIN already set')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Confirm Transaction PIN' })).toBeInTheDocument();

    answer = () => HttpResponse.error();
    await ui.user.click(screen.getByRole('button', { name: 'Confirm PIN' }));
    expect(await screen.findByText('Failed to set PIN')).toBeInTheDocument();
  });

  test('Cancel resets everything: the next opening starts at the set step with empty boxes', async () => {
    const ui = setup();
    await ui.user.keyboard('1234');
    await ui.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Confirm Transaction PIN' });

    await ui.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => {
      ui.store.dispatch(dialogOpened(dialogIds.setPin));
    });
    expect(await screen.findByRole('dialog', { name: 'Set Transaction PIN' })).toBeInTheDocument();
    pinBoxes('Transaction PIN').forEach((box) => expect(box).toHaveValue(''));
    expect(backend.seen(endpoints.createPin.path)).toHaveLength(0);
  });
});
