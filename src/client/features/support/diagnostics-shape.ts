import { DIAGNOSTICS_KIND, type Diagnostics } from './diagnostics';

/** A diagnostics file read, or what is wrong with it (said after "This is not a Kudi diagnostics file."). */
export type ParsedDiagnostics = { file: Diagnostics; problem?: undefined } | { file?: undefined; problem: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const orNull = (test: (value: unknown) => boolean) => (value: unknown) => value === null || test(value);
const isListOf = (value: unknown, test: (item: unknown) => boolean) => Array.isArray(value) && value.every(test);
const isMapOf = (value: unknown, test: (item: unknown) => boolean) => isObject(value) && Object.values(value).every(test);

/** The slices of the store the replay reads; each, when the file has it, must be an object of this shape. */
const SLICES: Record<string, (slice: Json) => boolean> = {
  session: (s) => orNull(isString)(s.token) && orNull(isString)(s.email) && orNull(isNumber)(s.expiresAt),
  user: () => true,
  wallets: (s) => isListOf(s.ids, isString) && isMapOf(s.entities, isObject),
  ui: (s) => isObject(s.dialogs) && isObject(s.steps) && isObject(s.tabs),
  dashboard: (s) => isMapOf(s.showBalance, (shown) => typeof shown === 'boolean'),
  exchange: () => true,
  history: () => true,
  pendingWatch: (s) => isObject(s.items),
  sendAgain: () => true,
  billPayment: () => true,
  verification: () => true,
  // RTK Query's cache: its queries (the replay answers from them), the rest filled in when missing.
  api: (s) =>
    isMapOf(s.queries, (entry) => entry === undefined || isObject(entry)) &&
    ['mutations', 'provided', 'subscriptions', 'config'].every((key) => s[key] === undefined || isObject(s[key])),
};

/** What is wrong with the store snapshot, or null. */
function stateProblem(state: unknown): string | null {
  if (!isObject(state)) return 'It has no store snapshot (state).';
  for (const required of ['session', 'api']) {
    if (!(required in state)) return `Its store snapshot has no ${required}.`;
  }
  for (const [name, valid] of Object.entries(SLICES)) {
    if (!(name in state)) continue;
    const slice = state[name];
    if (!isObject(slice) || !valid(slice)) return `Its store snapshot's ${name} is not what the app keeps there.`;
  }
  return null;
}

/** What is wrong with `file`, or null when it has every field of a diagnostics file in its shape. */
export function diagnosticsProblem(file: unknown): string | null {
  if (!isObject(file) || file.kind !== DIAGNOSTICS_KIND) return `It is not marked "${DIAGNOSTICS_KIND}".`;
  if (!isObject(file.app) || !isString(file.app.version) || !isString(file.app.buildId)) return 'It does not say which app made it (app).';
  if (!isString(file.time)) return 'It does not say when it was made (time).';
  if (!isString(file.route)) return 'It does not say which screen was open (route).';
  if (!isListOf(file.recentRoutes, isString)) return 'Its recent screens (recentRoutes) are not a list of paths.';
  if (!isObject(file.viewport) || !isNumber(file.viewport.width) || !isNumber(file.viewport.height)) {
    return 'It does not say the size of the screen (viewport).';
  }
  const problem = stateProblem(file.state);
  if (problem) return problem;
  if (!isListOf(file.actions, (action) => isObject(action) && isString(action.type) && isString(action.time))) {
    return 'Its actions are not a list of recorded actions (type and time).';
  }
  if (!isListOf(file.failedRequests, isObject)) return 'Its failed requests are not a list.';
  return null;
}

/** Reads a diagnostics file: the file when it has a diagnostics file's shape, else what is wrong. */
export function parseDiagnostics(text: string): ParsedDiagnostics {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return { problem: 'It is not JSON.' };
  }
  const problem = diagnosticsProblem(file);
  return problem ? { problem } : { file: file as Diagnostics };
}
