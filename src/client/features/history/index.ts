/** What other features may use of history (its public surface; see docs/ARCHITECTURE.md, Conventions). */
export { PendingWatcher } from './pending-watcher';
export { payoutWatched } from './pending-watch';
export { useLiveOutcome } from './live-outcome';
