/** What other features may use of add-money (its public surface; see docs/ARCHITECTURE.md, Conventions). */
export { NairaDeposit } from './naira-deposit';
