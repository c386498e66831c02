/** What other features may use of identity (its public surface; see docs/ARCHITECTURE.md, Conventions). */
export { IdentityCheck, identitySteps, useIdentityFlow } from './identity-flow';
