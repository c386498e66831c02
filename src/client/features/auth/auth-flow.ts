import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { Path } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { selectStep, selectTab, stepChanged, tabSelected } from '../../app/ui-slice';
import { focusHeadingWhenShown } from '../../ui/heading-focus';

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
 * What the auth screen shows next takes the focus: a wizard's new step (its button, or the step
 * itself, went, and the focus with it) or a new mode (the Sign Up, Forgot password or Login link
 * went). A field the new part focused itself keeps it (the code step's first box); otherwise its
 * heading takes it, once it is on screen (a mode loaded on demand shows its fallback first), so a
 * screen reader says where the customer now is and Tab goes on from there. `shown` is the step or
 * mode; the first one, on opening, is left alone. Returns the ref of the element that holds them.
 */
export function useHeadingFocus(shown: unknown): RefObject<HTMLDivElement | null> {
  const holder = useRef<HTMLDivElement>(null);
  const last = useRef(shown);
  useEffect(() => {
    if (last.current === shown) return undefined;
    last.current = shown;
    const container = holder.current;
    if (!container) return undefined;
    // A field the new part focused itself keeps the focus.
    const fieldFocused = () => {
      const focused = document.activeElement;
      return focused !== null && container.contains(focused) && focused.matches('input, select, textarea');
    };
    return focusHeadingWhenShown(container, 'h1, h2', fieldFocused);
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
