/** What other features may use of support (its public surface; see docs/ARCHITECTURE.md, Conventions). */
export { DiagnosticsButton } from './diagnostics-button';
