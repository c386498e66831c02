import { Type, type Static } from '@sinclair/typebox';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const IdentitySessionId = Type.String({ pattern: UUID });
export const IdentityDecisionStatus = Type.Union([Type.Literal('approved'), Type.Literal('declined')]);

/** The identity provider's decision webhook (POST /api/webhooks/identity). */
export const IdentityDecisionWebhook = Type.Object({
  /** The provider's id of this decision: a replay carries the same id. */
  id: Type.String({ minLength: 1, maxLength: 100 }),
  session_id: IdentitySessionId,
  status: IdentityDecisionStatus,
});
export type IdentityDecisionWebhook = Static<typeof IdentityDecisionWebhook>;
