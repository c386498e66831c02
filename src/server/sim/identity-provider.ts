import { API_PREFIX } from '../../shared/product';
import type { IdentityProvider } from '../adapters/types';

/** Where the simulated identity provider lives (registered with the /dev routes). */
export const IDENTITY_SIM_PATH = '/identity';

/** The provider page of a session, on this origin, for the app's iframe. */
export const identityPageUrl = (sessionId: string): string => `${API_PREFIX}/dev${IDENTITY_SIM_PATH}/${sessionId}`;

/** The simulated provider: its page on this origin (sim/identity.routes.ts), decisions by signed webhook. */
export const simulatedIdentityProvider: IdentityProvider = { sessionUrl: identityPageUrl };
