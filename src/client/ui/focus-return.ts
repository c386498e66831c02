/**
 * Where the keyboard focus goes when what held it goes away, so that it never falls to the page's
 * body (a keyboard or screen-reader user would then start again from the top of the page):
 * - a dialog that closes gives it back to the element that opened it; when that element went with
 *   a dialog closed before (a review step closed as its PIN step opened), to that dialog's opener,
 *   and so on; when none is left on the page, to the screen's heading;
 * - a new screen (a route change started from a button that is gone) puts it on its heading.
 */

import { focusHeadingWhenShown } from './heading-focus';

/** Each open dialog's element → the element that had the focus when the dialog opened. */
const openers = new WeakMap<Element, HTMLElement>();

/** The element that has the focus now, if any (not the page's body): read it when a dialog opens. */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Records that `dialog` (its element with role="dialog") was opened from `opener`. */
export function dialogOpenedFrom(dialog: Element, opener: HTMLElement | null): void {
  if (opener) openers.set(dialog, opener);
}

/** Whether the focus can go to `element`: on the page, enabled, not inert or hidden. */
const canTakeFocus = (element: HTMLElement) =>
  element.isConnected && !(element as HTMLButtonElement).disabled && element.closest('[inert], [hidden]') === null;

/** Whether the focus is somewhere it should stay: on an element other than the page's body. */
const focusIsSomewhere = () => {
  const active = document.activeElement;
  return active !== null && active !== document.body && active.isConnected;
};

/**
 * After a dialog opened from `opener` closed: the focus goes back to the opener (or the opener's
 * own dialog's opener, see above), else to the screen's heading. Nothing moves when the focus is
 * already somewhere (another dialog took it).
 */
export function returnFocus(opener: HTMLElement | null): void {
  if (focusIsSomewhere()) return;
  let target = opener;
  for (let hops = 0; target && hops < 8; hops += 1) {
    if (canTakeFocus(target)) {
      target.focus();
      if (document.activeElement === target) return;
    }
    const dialog = target.closest('[role="dialog"]');
    target = dialog ? openers.get(dialog) ?? null : null;
  }
  focusScreenHeading();
}

/** How long a new screen (a lazy one loads first) is waited for to show its heading. */
const HEADING_WAIT_MS = 3_000;

/**
 * Puts the focus on the screen's heading (its h1; every screen has its one h1 in <main>), now
 * or, while the screen is still loading, as soon as it shows one (within HEADING_WAIT_MS), unless
 * the focus went somewhere meanwhile. Returns a function that stops waiting.
 */
export function focusScreenHeading(): () => void {
  return focusHeadingWhenShown(document.body, 'h1', focusIsSomewhere, HEADING_WAIT_MS);
}

/**
 * After a route change: when the focus was lost (the button or link that started it is gone),
 * the new screen's heading takes it. A link still on the page (the side menu's) keeps it.
 */
export function focusAfterNavigation(): () => void {
  if (focusIsSomewhere()) return () => undefined;
  return focusScreenHeading();
}
