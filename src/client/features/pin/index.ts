/**
 * What other features may use of pin (its public surface; see docs/ARCHITECTURE.md, Conventions).
 * The layout loads it only when the set-PIN dialog opens, so it stays out of the layout's chunk.
 */
export { default as SetPinDialog } from './set-pin-dialog';
