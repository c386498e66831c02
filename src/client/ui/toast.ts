import { useSyncExternalStore } from 'react';
import type * as Toastify from 'react-toastify';

/**
 * The app's toasts: react-toastify's `toast.success/error/info/warn/dismiss`, with react-toastify
 * (about 9 KiB of gzip, and its stylesheet) in a chunk of its own, loaded on the first toast or when
 * `loadToasts()` is called ahead of one (the sign-in form does on submit). So '/' does not download
 * it before the first thing it has to say. A toast asked for meanwhile shows once it has arrived;
 * app/toasts.tsx renders the outlet (ToastContainer) from then on.
 */
type ToastifyModule = typeof Toastify;

let toastify: ToastifyModule | null = null;
let loading: Promise<ToastifyModule> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads react-toastify once (its own chunk); resolves with the module. A load that failed (offline)
 * is tried again by the next call, instead of leaving the app without toasts until a reload.
 */
export function loadToasts(): Promise<ToastifyModule> {
  loading ??= import(/* webpackChunkName: "toasts" */ 'react-toastify').then(
    (module) => {
      toastify = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Runs `show` with react-toastify now if it has loaded, else once it has (in call order). */
function withToastify(show: (module: ToastifyModule) => void): void {
  if (toastify) show(toastify);
  else loadToasts().then(show, () => undefined);
}

export type Show = (...args: [content: Toastify.ToastContent, options?: Toastify.ToastOptions]) => void;
/** One of react-toastify's kinds, handed exactly the arguments given. */
const kind = (type: 'success' | 'error' | 'info' | 'warn'): Show => (...args) =>
  withToastify((module) => void module.toast[type](...args));

export const toast = {
  success: kind('success'),
  error: kind('error'),
  info: kind('info'),
  warn: kind('warn'),
  /** Dismisses one toast (or all): nothing to do before any toast was asked for. */
  dismiss(id?: Toastify.Id): void {
    if (loading) withToastify((module) => module.toast.dismiss(id));
  },
  /** A success that ends a form's earlier tries: their refusals' toasts go, so only it is said. */
  succeeded(...args: Parameters<Show>): void {
    toast.dismiss();
    toast.success(...args);
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** react-toastify once it has loaded, else null (also while prerendering and hydrating). */
export function useToastify(): ToastifyModule | null {
  return useSyncExternalStore(subscribe, () => toastify, () => null);
}
