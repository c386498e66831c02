import type * as Toastify from 'react-toastify';
import { toast, type Show } from './toast';

/**
 * The toasts said about one piece of work, e.g. a money flow's tries: `clear()` takes back what it
 * said, so that the next try (or its success) is not shown beside an earlier try's failure.
 */
export interface ToastScope {
  error: Show;
  info: Show;
  clear(): void;
}

let scopes = 0;

/** A new ToastScope (each of its toasts gets an id of its own, unless the caller gave one). */
export function toastScope(): ToastScope {
  const prefix = `said-${++scopes}-`;
  let count = 0;
  const ids = new Set<Toastify.Id>();
  const said = (show: Show): Show => (content, options) => {
    const toastId = options?.toastId ?? `${prefix}${++count}`;
    ids.add(toastId);
    show(content, { ...options, toastId });
  };
  return {
    error: said(toast.error),
    info: said(toast.info),
    clear() {
      for (const id of ids) toast.dismiss(id);
      ids.clear();
    },
  };
}
