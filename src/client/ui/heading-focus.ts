/**
 * The focus put on a heading of what is on show, by script (tabindex -1): the core of the focus
 * rules of the auth screen's steps and modes (features/auth useHeadingFocus) and of dialogs and
 * route changes (focus-return.ts). Kept apart from focus-return.ts, which '/' does not load.
 */

/** Headings not on show: in a dialog, hidden, inert, or what React hides while the next part loads. */
const NOT_SHOWN = '[role="dialog"], [hidden], [inert], [style*="display: none"]';

/** The first heading on show inside `within` that `selector` finds. */
const shownHeading = (within: ParentNode, selector: string): HTMLElement | undefined =>
  Array.from(within.querySelectorAll<HTMLElement>(selector)).find((element) => element.closest(NOT_SHOWN) === null);

/**
 * Puts the focus on that heading now or, while what it heads is still loading, as soon as one shows
 * (within `waitMs`, else until stopped), unless `settled()` says the focus found its place meanwhile.
 * Returns a function that stops waiting.
 */
export function focusHeadingWhenShown(
  within: Element,
  selector: string,
  settled: () => boolean,
  waitMs?: number,
): () => void {
  const focusNow = () => {
    if (settled()) return true;
    const heading = shownHeading(within, selector);
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
    return true;
  };
  if (focusNow()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (focusNow()) stop();
  });
  const timer = waitMs === undefined ? undefined : setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(within, { childList: true, subtree: true });
  return stop;
}
