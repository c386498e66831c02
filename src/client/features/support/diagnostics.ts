import { ROUTE_SHOWN, type FailedRequest } from '../../app/action-log';
import { redact, redactPath } from '../../app/redact';
import type { AppStore, RootState } from '../../app/store';

export const DIAGNOSTICS_KIND = 'kudi-diagnostics';

/** The diagnostics file (docs/SUPPORT.md): everything in it went through `redact`. */
export interface Diagnostics {
  kind: typeof DIAGNOSTICS_KIND;
  app: { version: string; buildId: string };
  time: string;
  /** Path and query of the screen the customer was on. */
  route: string;
  /** The last screens shown, oldest first (the one before Help is the one the customer asks about). */
  recentRoutes: string[];
  viewport: { width: number; height: number };
  /** The whole store, RTK Query cache included. */
  state: RootState;
  /** Oldest first. */
  actions: { type: string; time: string; payload: unknown }[];
  failedRequests: (Omit<FailedRequest, 'time'> & { time: string })[];
}

const iso = (time: number) => new Date(time).toISOString();

/** Builds the redacted diagnostics of `store` now; the place and size of the screen are the caller's. */
export function buildDiagnostics(
  store: AppStore,
  { route, viewport, now = Date.now() }: { route: string; viewport: Diagnostics['viewport']; now?: number },
): Diagnostics {
  return {
    kind: DIAGNOSTICS_KIND,
    app: { version: __APP_VERSION__, buildId: __BUILD_ID__ },
    time: iso(now),
    route: redactPath(route),
    recentRoutes: store.actionLog.routes().map(redactPath),
    viewport,
    state: redact(store.getState()),
    actions: store.actionLog.actions().map(({ type, time, payload }) => ({
      type,
      time: iso(time),
      payload: type === ROUTE_SHOWN ? { path: redactPath((payload as { path: string }).path) } : redact(payload),
    })),
    failedRequests: store.actionLog
      .failedRequests()
      .map((request) => redact({ ...request, time: iso(request.time), path: redactPath(request.path) })),
  };
}

/** Saves `diagnostics` as a JSON file through the browser's download. */
export function saveDiagnostics(diagnostics: Diagnostics): void {
  const blob = new Blob([JSON.stringify(diagnostics, null, 2)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `kudi-diagnostics-${diagnostics.time.replace(/[:.]/g, '-')}.json`;
  link.click();
  // As FileSaver does: the browser may still be reading the blob just after the click.
  setTimeout(() => URL.revokeObjectURL(link.href), 40_000);
}
