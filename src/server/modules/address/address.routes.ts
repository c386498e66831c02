import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { PROOF_OF_ADDRESS_MAX_BYTES } from '../../../shared/limits';
import { answers, tierLimits } from '../../../shared/messages';
import { ApiError, badRequest } from '../../lib/errors';
import { signedIn } from '../../plugins/auth';
import { callSpec } from '../auth/route-spec';
import { proofStatus, uploadProof } from './address.service';

/** The file part's name. */
const FIELD = 'document';

/** busboy's and @fastify/multipart's refusals of an upload, as the rule they name. */
const PARSER_REFUSALS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: tierLimits.proofTooLarge,
  FST_FILES_LIMIT: tierLimits.proofOneFile,
  FST_INVALID_MULTIPART_CONTENT_TYPE: tierLimits.proofNotMultipart,
};

/**
 * The one file named `document` of a multipart request, whole (at most 5 MB + 1 byte is read:
 * more is refused as too large). Other fields are ignored; another file is refused.
 */
async function documentOf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(tierLimits.proofNotMultipart);
  let document: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: PROOF_OF_ADDRESS_MAX_BYTES, files: 1, fields: 20, parts: 21 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FIELD) {
        part.file.resume();
        throw badRequest(tierLimits.proofMissing);
      }
      document = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code ?? '';
    throw badRequest(PARSER_REFUSALS[code] ?? tierLimits.proofUnreadable);
  }
  if (!document) throw badRequest(tierLimits.proofMissing);
  return document;
}

/**
 * POST /verification/proof-of-address (multipart, one file `document`) and its review, GET.
 * Multipart parsing is registered here only: no other route takes multipart bodies.
 */
export const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { throwFileSizeLimit: true });
  const deps = { db: app.db, config: app.config };

  app.route({
    ...callSpec(app, 'uploadProofOfAddress', 'verification', 'Upload a proof of address (one file `document`: PDF, PNG or JPEG, at most 5 MB) for the Plus tier', true),
    // The parts are read and checked by the handler (documentOf); the body schema documents them.
    validatorCompiler: () => () => true,
    handler: async (request) => {
      const { userId } = signedIn(request);
      await uploadProof(deps, userId, await documentOf(request));
      return { success: true as const, message: tierLimits.proofReceived, data: { status: 'pending' as const } };
    },
  });

  app.route({
    ...callSpec(app, 'proofOfAddress', 'verification', 'The review of the newest proof of address (none, pending, approved or rejected with a reason)', true),
    handler: async (request) => ({ success: true as const, message: answers.proofOfAddress, data: await proofStatus(app.db, signedIn(request).userId) }),
  });
};
