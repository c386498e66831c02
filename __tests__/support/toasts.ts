// What the user sees of a toast: its text, once on screen, in an alert outside the screen and its dialogs.
import { screen } from '@testing-library/react';

/** `text` shows as a toast and nowhere else: once on screen, in an alert outside <main> and any dialog. */
export async function expectOnlyAsToast(text: string): Promise<void> {
  const [shown, ...more] = await screen.findAllByText(text);
  expect(more).toHaveLength(0);
  expect(shown.closest('[role="alert"]')).not.toBeNull();
  expect(shown.closest('main, [role="dialog"], form')).toBeNull();
}
