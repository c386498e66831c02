import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { Path } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { selectStep, selectTab, stepChanged, tabSelected } from '../../app/ui-slice';

/** The auth screen's three modes (spec §2); kept in the ui slice so DevTools can time-travel them. */
export type AuthMode = 'sign-in' | 'sign-up' | 'forgot-password';

/** ui-slice keys: the mode (a tab) and the step of each wizard (sign-in: 1 credentials, 2 the e-mail code). */
export const authUiIds = {
  mode: 'auth-mode',
  signIn: 'sign-in',
  signUp: 'sign-up',
  forgotPassword: 'forgot-password',
} as const;

type WizardId = typeof authUiIds.signIn | typeof authUiIds.signUp | typeof authUiIds.forgotPassword;

/**
 * Router state '/' and '/login' read: `from`, the guarded screen the guard sent the customer here
 * from (signing in returns there); `email`, the address to fill in (after sign-up verification).
 */
export interface AuthLocationState {
  from?: Partial<Path>;
  email?: string;
}

/** The wizard's steps before the code step (the 4-dot indicator); step 5 confirms the e-mail. */
export const SIGN_UP_INDICATOR_STEPS = 4;

export function useAuthMode(): [AuthMode, (mode: AuthMode) => void] {
  const dispatch = useAppDispatch();
  const mode = useAppSelector((state) => selectTab(state, authUiIds.mode, 'sign-in')) as AuthMode;
  const setMode = useCallback((next: AuthMode) => dispatch(tabSelected({ id: authUiIds.mode, tab: next })), [dispatch]);
  return [mode, setMode];
}

/** The current step (from 1) of a wizard and a setter. */
export function useWizardStep(id: WizardId): [number, (step: number) => void] {
  const dispatch = useAppDispatch();
  const step = useAppSelector((state) => selectStep(state, id));
  const setStep = useCallback((next: number) => dispatch(stepChanged({ id, step: next })), [dispatch, id]);
  return [step, setStep];
}

/**
 * A wizard's new step takes the focus (its button, or the step itself, is gone from the page, and the
 * focus with it): a field the step focused itself keeps it (the code step's first box); otherwise its
 * heading does, so a screen reader says where the customer now is and Tab goes on from there.
 * Returns the ref of the element that holds the steps. The first step, on opening, is left alone.
 */
export function useStepFocus(step: number): RefObject<HTMLDivElement | null> {
  return useHeadingFocus(step);
}

/**
 * The auth screen's new mode takes the focus as a wizard's new step does (useStepFocus): the link
 * that opened it (Sign Up, Forgot password, Login) is gone. A mode loaded on demand (sign-up, reset)
 * is focused once it is on screen. Returns the ref of the element that holds the mode.
 */
export function useModeFocus(mode: AuthMode): RefObject<HTMLDivElement | null> {
  return useHeadingFocus(mode);
}

/**
 * When `shown` changes (not at first), the heading inside the returned ref's element takes the
 * focus once there is one, unless a field there has taken it itself.
 */
function useHeadingFocus(shown: unknown): RefObject<HTMLDivElement | null> {
  const holder = useRef<HTMLDivElement>(null);
  const last = useRef(shown);
  useEffect(() => {
    if (last.current === shown) return;
    last.current = shown;
    const container = holder.current;
    if (!container) return;
    /** Whether the focus is settled: a field there has it, or the heading now does. */
    const settle = () => {
      const focused = document.activeElement;
      if (focused && container.contains(focused) && focused.matches('input, select, textarea')) return true;
      // Not a heading of what is leaving: React hides the old mode (display: none) while the new one loads.
      const heading = Array.from(container.querySelectorAll<HTMLElement>('h1, h2')).find((element) => !element.closest('[style*="display: none"]'));
      if (!heading) return false;
      heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (settle()) return;
    // Still loading (a lazy mode shows its fallback first): the heading is focused when it comes.
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [shown]);
  return holder;
}

/** Back to sign-in with the wizard at its first step (the 'Login' links, and after success). */
export function useBackToSignIn(id: typeof authUiIds.signUp | typeof authUiIds.forgotPassword): () => void {
  const [, setMode] = useAuthMode();
  const [, setStep] = useWizardStep(id);
  return useCallback(() => {
    setStep(1);
    setMode('sign-in');
  }, [setMode, setStep]);
}
