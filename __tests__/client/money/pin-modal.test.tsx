import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RootState } from '../../../src/client/app/store';
import { dialogOpened } from '../../../src/client/app/ui-slice';
import { PinModal } from '../../../src/client/features/money/pin-modal';
import { renderWithProviders } from '../../support/render';

const ID = 'test-pin';
const openUi: RootState['ui'] = { dialogs: { [ID]: true }, steps: {}, tabs: {} };

function renderPin(onConfirm: (pin: string) => Promise<unknown> = jest.fn().mockResolvedValue(undefined), invalidMessage?: string) {
  return { onConfirm, ...renderWithProviders(<PinModal id={ID} onConfirm={onConfirm} invalidMessage={invalidMessage} />, { preloadedState: { ui: openUi } }) };
}

const boxes = () => screen.getAllByLabelText(/^Digit \d of 4$/);
const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });
const pinValue = () => boxes().map((box) => (box as HTMLInputElement).value).join('');

describe('PIN modal', () => {
  test('four masked boxes; Confirm is disabled until all four hold a digit; non-digits are ignored', async () => {
    const { user, onConfirm } = renderPin();
    expect(screen.getByRole('dialog', { name: 'Enter Transaction PIN' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(4);
    boxes().forEach((box) => expect(box).toHaveAttribute('type', 'password'));
    expect(confirmButton()).toBeDisabled();

    await user.keyboard('1a2');
    expect(pinValue()).toBe('12');
    expect(confirmButton()).toBeDisabled();
    await user.keyboard('34');
    expect(confirmButton()).toBeEnabled();

    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledWith('1234');
  });

  test('paste fills up to four digits', async () => {
    const { user } = renderPin();
    await user.click(boxes()[0]);
    await user.paste('98-7654');
    expect(pinValue()).toBe('9876');
  });

  test('a submission without four digits says so and sends nothing', () => {
    const { onConfirm } = renderPin();
    fireEvent.submit(screen.getByRole('form', { name: 'Transaction PIN' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid 4-digit PIN');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('the bill flow has its own invalid-PIN text', () => {
    renderPin(undefined, 'Please enter a valid pin');
    fireEvent.submit(screen.getByRole('form', { name: 'Transaction PIN' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid pin');
  });

  test.each(['Cancel', 'Close'])('%s closes the modal (state in the store) and clears the PIN', async (button) => {
    const { user, store } = renderPin();
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: button }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.dialogs[ID]).toBeUndefined();
    act(() => void store.dispatch(dialogOpened(ID)));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(pinValue()).toBe('');
  });

  test('Confirm is busy while sending; the PIN is cleared after a failed attempt for another try', async () => {
    let settle: () => void = () => undefined;
    const onConfirm = jest.fn(() => new Promise<void>((resolve) => { settle = resolve; }));
    const { user } = renderPin(onConfirm);
    await user.keyboard('1234');
    await user.click(confirmButton());

    const busy = screen.getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    settle();

    await waitFor(() => expect(confirmButton()).toBeDisabled());
    expect(pinValue()).toBe('');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
  });
});

test('leaving the screen closes the PIN dialog, so it does not greet the customer on their next visit', () => {
  const { store, unmount } = renderPin();
  expect(store.getState().ui.dialogs).toEqual({ [ID]: true });
  unmount();
  expect(store.getState().ui.dialogs).toEqual({});
});
