import { configureStore, createAction, isFulfilled, type UnknownAction } from '@reduxjs/toolkit';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../api/api';
import type { QueryExtra } from '../../api/base-query';
import { ROUTE_SHOWN } from '../../app/action-log';
import { paths } from '../../app/paths';
import { rootReducer, type RootState } from '../../app/store';
import { balanceVisibilitySet } from '../dashboard';
import type { Diagnostics } from './diagnostics';
import { REPLAY_REFUSED } from './replay-mode';

const NOT_IN_FILE = 'Replay mode: this data is not in the diagnostics file.';

/** The screen to show: the last one before Help (where the customer downloaded the file), else the current one. */
export function customerScreen(file: Diagnostics): string {
  const before = [...file.recentRoutes].reverse().find((route) => route !== paths.about);
  return before ?? file.route;
}

/** The path of a recorded screen change (ROUTE_SHOWN), else null. */
const shownPath = ({ type, payload }: Diagnostics['actions'][number]): string | null => {
  const path = type === ROUTE_SHOWN && typeof payload === 'object' && payload !== null ? (payload as { path?: unknown }).path : null;
  return typeof path === 'string' ? path : null;
};

/** Where the screen at a step comes from: the path, or why the file cannot say. */
export type ScreenAt = { path: string; firstKnownStep?: undefined } | { path: null; firstKnownStep: number | null };

/**
 * The screen the customer was on after recorded action `step` (0…actions.length): the last screen
 * change recorded up to it. The snapshot (the last step), and the steps after the visit to About where
 * the file was downloaded, show the screen before About (customerScreen). A step before the first
 * screen change the file records has no known screen: `firstKnownStep` says from which step on it is
 * known (null when the file records none, as files made before screens were logged).
 */
export function screenAt(file: Diagnostics, step: number): ScreenAt {
  const last = file.actions.length;
  const changes = file.actions.flatMap((action, index) => {
    const path = shownPath(action);
    return path === null ? [] : [{ path, step: index + 1 }];
  });
  if (step >= last) return { path: customerScreen(file) };
  const current = changes.filter((change) => change.step <= step).at(-1);
  if (!current) return { path: null, firstKnownStep: changes[0]?.step ?? null };
  const downloadVisit = current === changes.at(-1) && current.path === paths.about;
  return { path: downloadVisit ? customerScreen(file) : current.path };
}

type ApiState = RootState['api'];

/** The RTK Query cache as answered in replay: fulfilled queries only, no calls in flight, no subscribers. */
const answeredCache = (cache: ApiState): ApiState => ({
  ...cache,
  queries: Object.fromEntries(Object.entries(cache.queries).filter(([, entry]) => entry?.status === 'fulfilled')),
  mutations: {},
  subscriptions: {},
});

/** The RTK Query state of `file` with its parts the file lacks filled in (the replay store's own config). */
const fileCache = (file: Diagnostics): ApiState => api.reducer(file.state.api, { type: 'support/replayStarted' });

type DashboardState = RootState['dashboard'];

/** A file without the customer's balance preferences shows both balances (spec §3: shown when absent). */
const SHOWN_BY_DEFAULT: DashboardState = { showBalance: { CAD: true, NGN: true } };

/**
 * The customer's balance preferences before the recorded actions: the snapshot's, except for a balance
 * the customer showed or hid meanwhile, which was the other way round before its first recorded toggle.
 * Never this browser's own preferences (localStorage), which are the support agent's.
 */
function dashboardBefore(file: Diagnostics): DashboardState {
  const showBalance = { ...(file.state.dashboard ?? SHOWN_BY_DEFAULT).showBalance };
  const seen = new Set<string>();
  for (const { type, payload } of file.actions) {
    if (!balanceVisibilitySet.match({ type, payload })) continue;
    const { currency, shown } = payload as ReturnType<typeof balanceVisibilitySet>['payload'];
    if (seen.has(currency) || typeof shown !== 'boolean' || !(currency in showBalance)) continue;
    seen.add(currency);
    showBalance[currency] = !shown;
  }
  return { showBalance };
}

/**
 * The store at recorded action `step` (0…actions.length). The last step is the snapshot itself. Earlier
 * steps start from the snapshot's data (session, user, wallets, RTK Query cache) and the customer's
 * balance preferences before the recorded actions, with every other screen slice fresh, then apply the
 * recorded screen actions up to `step` (RTK Query's own actions need their meta, which the file does
 * not carry: the cache stays the snapshot's). Nothing is read from this browser's storage.
 */
export function stateAt(file: Diagnostics, step: number): RootState {
  const cache = answeredCache(fileCache(file));
  // A slice the file lacks starts fresh (none of those reads localStorage; the session is always in the file).
  if (step >= file.actions.length) {
    return rootReducer({ ...file.state, dashboard: file.state.dashboard ?? SHOWN_BY_DEFAULT, api: cache }, { type: 'support/replayStarted' });
  }
  // The slices not given here start fresh, and none of those reads localStorage.
  const { session, user, wallets } = file.state;
  let state: RootState = rootReducer(
    { session, user, wallets, dashboard: dashboardBefore(file), api: cache },
    { type: 'support/replayStarted' },
  );
  for (const { type, payload } of file.actions.slice(0, step)) {
    if (type.startsWith(`${api.reducerPath}/`)) continue;
    try {
      state = rootReducer(state, { type, payload } as UnknownAction);
    } catch {
      // A redacted payload a reducer cannot read: that step changes nothing here.
    }
  }
  return state;
}

/** Replaces the whole screen state (the RTK Query cache stays, so mounted queries keep their data). */
export const replayJumped = createAction<RootState>('support/replayJumped');

/** Answered as an HTTP refusal, so the screens show the message the way they show a server's. */
const refusal = (message: string) => ({ error: { status: 503, data: { success: false, message } } satisfies FetchBaseQueryError });

/**
 * Network off: queries answer from the snapshot's cache, mutations are refused. The cache holds each
 * answer after its endpoint's transformResponse, which RTK Query applies again to what a base query
 * returns: the answer goes out wrapped as the server sends it (`{ success, data }`, which the app's
 * `body.data` transforms unwrap), and the replay store's reducer puts the snapshot's data itself into
 * the cache whatever the transform made of it (cachedAnswer).
 */
function offlineQuery(cache: ApiState): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> {
  return (_args, { type, queryCacheKey }) => {
    if (type === 'mutation') return refusal(REPLAY_REFUSED);
    const entry = queryCacheKey ? cache.queries[queryCacheKey] : undefined;
    return entry?.status === 'fulfilled' ? { data: { success: true, data: entry.data } } : refusal(NOT_IN_FILE);
  };
}

/** A query answered from the snapshot (a screen refetching on mount): its data is the snapshot's, untransformed. */
function cachedAnswer(cache: ApiState, action: UnknownAction): UnknownAction {
  if (!isFulfilled(action) || !action.type.startsWith(`${api.reducerPath}/`)) return action;
  const key = (action.meta as { arg?: { type?: string; queryCacheKey?: string } }).arg;
  const entry = key?.type === 'query' && key.queryCacheKey ? cache.queries[key.queryCacheKey] : undefined;
  return entry?.status === 'fulfilled' ? { ...action, payload: entry.data } : action;
}

/** A sandboxed store booted from `file`: no session persistence, no DevTools, no network. */
export function makeReplayStore(file: Diagnostics) {
  const initial = stateAt(file, file.actions.length);
  const extra: QueryExtra = { offline: offlineQuery(initial.api) };
  return configureStore({
    reducer: (state: RootState | undefined, action: UnknownAction): RootState =>
      replayJumped.match(action) && state ? { ...action.payload, api: state.api } : rootReducer(state, cachedAnswer(initial.api, action)),
    preloadedState: initial,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra }, serializableCheck: false, immutableCheck: false }).concat(api.middleware),
    devTools: false,
  });
}

export type ReplayStore = ReturnType<typeof makeReplayStore>;
