/** What other features may use of dashboard (its public surface; see docs/ARCHITECTURE.md, Conventions). */
export { balanceVisibilitySet } from './dashboard-slice';
