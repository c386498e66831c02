// What the user sees of a toast: its text, once on screen, in an alert outside the screen and its dialogs.
import { fireEvent, screen, waitFor } from '@testing-library/react';

/** `text` shows as a toast and nowhere else: once on screen, in an alert outside <main> and any dialog. */
export async function expectOnlyAsToast(text: string): Promise<void> {
  const [shown, ...more] = await screen.findAllByText(text);
  expect(more).toHaveLength(0);
  expect(shown.closest('[role="alert"]')).not.toBeNull();
  expect(shown.closest('main, [role="dialog"], form')).toBeNull();
}

/**
 * Ends the exit animations of dismissed toasts, as a browser does (jsdom plays no CSS animation, so a
 * dismissed toast would stay in the page), and waits until they are gone.
 */
export async function settleToasts(): Promise<void> {
  const leaving = () => Array.from(document.querySelectorAll<HTMLElement>('.Toastify__toast')).filter((node) => /-exit/.test(node.className));
  for (const node of leaving()) fireEvent.animationEnd(node);
  await waitFor(() => expect(leaving()).toHaveLength(0));
}

/** The texts of the toasts on screen, top to bottom. */
export const toastsShown = (): string[] =>
  Array.from(document.querySelectorAll<HTMLElement>('.Toastify [role="alert"]')).map((node) => node.textContent ?? '');

/** The elements that show `text` on the screen itself (inside <main>, a dialog or a form): not in a toast. */
export const onForm = (text: string | RegExp): HTMLElement[] =>
  screen.queryAllByText(text).filter((node) => node.closest('main, [role="dialog"], form') !== null);

/**
 * `text` shows once on the form and once as a toast: a submit the form refused (spec §8: errors are
 * toasts unless marked inline; the form keeps saying it while it is true).
 */
export async function expectOnFormAndAsToast(text: string): Promise<void> {
  await waitFor(() => {
    expect(onForm(text)).toHaveLength(1);
    expect(toastsShown().filter((shown) => shown === text)).toHaveLength(1);
  });
}

/** `message` is said under the amount field as it is typed (no toast), and the send button is off. */
export async function expectUnderAmount(message: string, amount: HTMLElement, send: HTMLElement): Promise<void> {
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(amount).toHaveAccessibleDescription(message);
  expect(send).toBeDisabled();
  expect(toastsShown()).toEqual([]);
}

/** Once an amount that fits is typed instead, `message` goes and the send button is on again. */
export async function expectAmountFits(
  user: { clear(element: Element): Promise<void>; type(element: Element, text: string): Promise<void> },
  { amount, send, typed, message }: { amount: () => HTMLElement; send: () => HTMLElement; typed: string; message: string },
): Promise<void> {
  await user.clear(amount());
  await user.type(amount(), typed);
  expect(screen.queryByText(message)).not.toBeInTheDocument();
  expect(send()).toBeEnabled();
}

/** The options of a toast a money flow's try said (its own id, so that the next try takes it back): `toast.error(text, SAID)`. */
export const SAID = expect.objectContaining({ toastId: expect.stringMatching(/^said-\d+-\d+$/) });
