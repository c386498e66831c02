import { createAction, isAction, type Middleware } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { redactPath } from './redact';
import { customerSwitched, sessionEnded, sessionStarted, type SessionState } from './session-slice';

/** How many recent actions and failed requests diagnostics carry. */
export const ACTION_LOG_SIZE = 200;
export const FAILED_REQUEST_LOG_SIZE = 20;
export const ROUTE_LOG_SIZE = 10;

/**
 * A screen shown, as the action log keeps it among the actions (`payload.path`), so the replay knows
 * which screen the customer was on at each action. Not dispatched: the store never sees it.
 */
export const ROUTE_SHOWN = 'router/routeShown';

export interface LoggedAction {
  type: string;
  /** Milliseconds since the epoch. */
  time: number;
  /** The action's own payload object, not a copy: it is redacted only when exported. */
  payload: unknown;
}

export interface FailedRequest {
  time: number;
  method: string;
  path: string;
  status: number | string;
  /** The server's `message`, when it sent one. */
  message: string | null;
}

/** A fixed-size ring: a push overwrites the oldest slot, nothing is copied or allocated beyond the entry. */
class Ring<T> {
  private readonly slots: (T | undefined)[];
  private next = 0;
  private count = 0;

  constructor(private readonly size: number) {
    this.slots = new Array<T | undefined>(size);
  }

  push(item: T): void {
    this.slots[this.next] = item;
    this.next = (this.next + 1) % this.size;
    this.count = Math.min(this.count + 1, this.size);
  }

  /** Forgets every item. */
  clear(): void {
    this.slots.fill(undefined);
    this.next = 0;
    this.count = 0;
  }

  /** Oldest first. */
  items(): T[] {
    const start = (this.next - this.count + this.size) % this.size;
    return Array.from({ length: this.count }, (_, i) => this.slots[(start + i) % this.size] as T);
  }
}

const messageOf = (error: FetchBaseQueryError): string | null => {
  const data = 'data' in error ? (error.data as { message?: unknown } | undefined) : undefined;
  return typeof data?.message === 'string' ? data.message : null;
};

/**
 * An API call the server (or the network) refused, as support reads it: told by the base query
 * (api/base-query.ts) for every call, the token refresh included, so a call whose query was dropped
 * meanwhile (the session's end resets the RTK Query cache) is kept too. The path is redacted here
 * (redactPath: no account number, token or e-mail address), as this action also reaches DevTools.
 */
export const requestFailed = createAction(
  'support/requestFailed',
  (request: Request, response: Response | undefined, error: FetchBaseQueryError) => ({
    payload: {
      method: request.method,
      path: redactPath(new URL(request.url).pathname),
      status: response?.status ?? error.status,
      message: messageOf(error),
    } satisfies Omit<FailedRequest, 'time'>,
  }),
);

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The diagnostics recorder: the last ACTION_LOG_SIZE actions (type, time, payload by reference),
 * the last failed API requests (requestFailed, from the base query) and the last screens shown.
 *
 * The logs are one customer's (a shared device must not hand one customer's log to another): they are
 * forgotten when the customer signs out in this tab (that sign-out itself is not kept), when another
 * customer's session starts here (a sign-in as someone else than the customer the log is about; what
 * was recorded since the last session ended goes too, as it may be either's), and when another tab
 * switches this one to another customer. A session that ended otherwise (expired, refused) keeps its
 * log, so the same customer, signed in again, can still send why it ended.
 */
export function createActionLog() {
  const actions = new Ring<LoggedAction>(ACTION_LOG_SIZE);
  const failed = new Ring<FailedRequest>(FAILED_REQUEST_LOG_SIZE);
  const routes = new Ring<string>(ROUTE_LOG_SIZE);
  /** The e-mail of the customer the logs are about, once known. */
  let customer: string | null = null;

  const forget = () => {
    actions.clear();
    failed.clear();
    routes.clear();
  };

  /** Forgets the logs when `action` hands the tab to another customer; false when `action` is not to be kept. */
  const follow = (action: { type: string; payload?: unknown }, session: SessionState | undefined): boolean => {
    if (session?.email) customer = session.email;
    if (sessionEnded.match(action) && action.payload?.reason === 'signedOut') {
      forget();
      customer = null;
      return false;
    }
    if (customerSwitched.match(action) || sessionStarted.match(action)) {
      const next = action.payload.email ?? null;
      if (customerSwitched.match(action) || (customer !== null && (next === null || !sameEmail(customer, next)))) forget();
      customer = next;
    }
    return true;
  };

  const middleware: Middleware = ({ getState }) => (next) => (action) => {
    if (isAction(action) && follow(action, (getState() as { session?: SessionState }).session)) {
      const time = Date.now();
      actions.push({ type: action.type, time, payload: (action as { payload?: unknown }).payload });
      if (requestFailed.match(action)) failed.push({ time, ...action.payload });
    }
    return next(action);
  };

  return {
    middleware,
    actions: () => actions.items(),
    failedRequests: () => failed.items(),
    /** The router's locations are not actions: the app reports each screen it shows (kept in order among the actions). */
    routeVisited: (route: string) => {
      routes.push(route);
      actions.push({ type: ROUTE_SHOWN, time: Date.now(), payload: { path: route } });
    },
    routes: () => routes.items(),
  };
}

export type ActionLog = ReturnType<typeof createActionLog>;
