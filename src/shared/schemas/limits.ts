/** Limits by tier and the proof of address that raises a customer to Plus (spec-next §B). */
import { Type } from '@sinclair/typebox';
import type { EndpointName } from '../endpoints';
import { PROOF_OF_ADDRESS_STATUSES } from '../limits';
import { Email, Ok, Text, Tier, Timestamp, responses, type EndpointSchema } from './common';
import { DecimalMoney, DecimalRate } from './pricing';

export const Limits = Type.Object({
  tier: Tier,
  currency: Type.Literal('CAD'),
  per_transfer: DecimalMoney,
  per_day: DecimalMoney,
  per_30_days: DecimalMoney,
  used_today: DecimalMoney,
  remaining_today: DecimalMoney,
  used_30_days: DecimalMoney,
  remaining_30_days: DecimalMoney,
  /**
   * When today ends in the customer's time zone (ISO 8601 UTC): used_today starts again from 0 (or
   * later, while a send made in another zone still counts for its own day there).
   */
  resets_at: Timestamp,
  /** NGN per 1 CAD at which an NGN send counts now (the mid rate; its CAD rounded up to the cent). */
  ngn_mid_rate: DecimalRate,
});

export const ProofOfAddressStatus = Type.Union(PROOF_OF_ADDRESS_STATUSES.map((status) => Type.Literal(status)));

export const ProofOfAddress = Type.Object({
  status: ProofOfAddressStatus,
  /** Why a rejected document was refused. */
  reason: Type.Optional(Type.String()),
});

export const limitSchemas = {
  limits: { response: responses(Ok(Limits)) },
  uploadProofOfAddress: {
    // multipart/form-data with one file part `document` (PDF, PNG or JPEG by content, ≤ 5 MB). The
    // route reads the parts itself (the schema documents them; it does not validate them).
    consumes: ['multipart/form-data'],
    body: Type.Object({ document: Type.String({ format: 'binary', description: 'PDF, PNG or JPEG, at most 5 MB' }) }),
    response: responses(Ok(Type.Object({ status: Type.Literal('pending') }))),
  },
  proofOfAddress: { response: responses(Ok(ProofOfAddress)) },
  devProofOfAddress: {
    body: Type.Object({
      email: Email,
      decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
      reason: Type.Optional(Text),
    }),
    response: responses(Ok(ProofOfAddress)),
  },
} satisfies Partial<Record<EndpointName, EndpointSchema & { consumes?: string[] }>>;
