import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { randomUUID } from 'node:crypto';
import { IDENTITY_PROVIDER_LABEL, API_PREFIX } from '../../shared/product';
import { server } from '../../shared/messages';
import { ErrorResponse, OkMessage, responses } from '../../shared/schemas';
import { ApiError, conflict, notFound } from '../lib/errors';
import { signWebhook, SIGNATURE_HEADER } from '../lib/webhook-signature';
import { findIdentitySession, type IdentitySessionRow } from '../modules/auth/identity.repository';
import { IdentityDecisionStatus, IdentitySessionId } from '../modules/auth/identity.schemas';
import { IDENTITY_WEBHOOK_PATH } from '../modules/auth/webhook.routes';
import { IDENTITY_SIM_PATH, identityPageUrl } from './identity-provider';

/**
 * The simulated identity provider: its page (opened in the app's iframe) shows the person and
 * Approve / Decline / Cancel. A decision goes back as a signed webhook through the same route a
 * real provider would call; the page then tells the parent frame (postMessage). No inline
 * script: the page loads its script from SCRIPT_PATH (CSP).
 */
const SCRIPT_PATH = `${IDENTITY_SIM_PATH}/page.js`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6fb; color: #1a2233; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 4px 24px rgba(0,0,0,.08); }
  .provider { font-size: .8rem; text-transform: uppercase; letter-spacing: .08em; color: #5b6478; }
  .actions { display: flex; gap: .75rem; margin: 1.5rem 0 1rem; }
  button { font: inherit; padding: .7rem 1.2rem; border-radius: 8px; border: 1px solid #c8cfdc; background: #fff; cursor: pointer; }
  button[data-decision="approved"] { background: #0f7b4f; border-color: #0f7b4f; color: #fff; }
  button[data-decision="declined"] { background: #b42318; border-color: #b42318; color: #fff; }
  button:disabled { opacity: .6; cursor: progress; }`;

function page(session: IdentitySessionRow): string {
  const name = escapeHtml(`${session.first_name} ${session.last_name}`);
  const pending = session.status === 'pending';
  const controls = pending
    ? `<p>Choose the decision the provider sends back.</p>
      <div class="actions">
        <button type="button" data-decision="approved">Approve</button>
        <button type="button" data-decision="declined">Decline</button>
      </div>
      <button type="button" data-cancel>Cancel</button>`
    : `<p>This verification is complete (${session.status}).</p><button type="button" data-close>Close</button>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${IDENTITY_PROVIDER_LABEL} identity check (simulated)</title>
  <style>${STYLE}</style>
</head>
<body>
  <main id="identity" data-decision-url="${identityPageUrl(session.id)}/decision">
    <p class="provider">${IDENTITY_PROVIDER_LABEL} · simulated provider</p>
    <h1>Verify your identity</h1>
    <p>Identity document check for <strong>${name}</strong>.</p>
    ${controls}
    <p id="status" role="status" aria-live="polite"></p>
  </main>
  <script src="${API_PREFIX}/dev${SCRIPT_PATH}"></script>
</body>
</html>`;
}

const SCRIPT = `(function () {
  'use strict';
  var root = document.getElementById('identity');
  var status = document.getElementById('status');
  function tellParent(state) {
    window.parent.postMessage({ type: 'kudi-identity', status: state }, window.location.origin);
  }
  function setBusy(busy) {
    root.querySelectorAll('button').forEach(function (button) { button.disabled = busy; });
  }
  function decide(decision) {
    setBusy(true);
    status.textContent = 'Sending the decision...';
    fetch(root.getAttribute('data-decision-url'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: decision })
    })
      .then(function (res) {
        return res.json().then(function (body) { if (!res.ok) throw new Error(body.message || 'Request failed'); });
      })
      .then(function () {
        status.textContent = 'Done. The decision was sent.';
        tellParent('finished');
      })
      .catch(function (err) {
        status.textContent = err.message;
        setBusy(false);
      });
  }
  root.querySelectorAll('[data-decision]').forEach(function (button) {
    button.addEventListener('click', function () { decide(button.getAttribute('data-decision')); });
  });
  root.querySelectorAll('[data-cancel]').forEach(function (button) {
    button.addEventListener('click', function () { tellParent('cancelled'); });
  });
  root.querySelectorAll('[data-close]').forEach(function (button) {
    button.addEventListener('click', function () { tellParent('finished'); });
  });
})();
`;

const SessionParams = Type.Object({ sessionId: IdentitySessionId });

export const identitySimRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sessionOr404 = async (id: string) => {
    const session = await findIdentitySession(app.db, id);
    if (!session) throw notFound(server.identitySessionNotFound);
    return session;
  };

  app.get(
    SCRIPT_PATH,
    { schema: { tags: ['simulator'], summary: "The provider page's script", response: { 200: { content: { 'text/javascript': { schema: Type.String() } } } } } },
    async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(SCRIPT),
  );

  app.get(
    `${IDENTITY_SIM_PATH}/:sessionId`,
    { schema: { tags: ['simulator'], summary: 'The provider page of a session', params: SessionParams, response: { 200: { content: { 'text/html': { schema: Type.String() } } }, '4xx': ErrorResponse } } },
    async (request, reply) => reply.type('text/html; charset=utf-8').send(page(await sessionOr404(request.params.sessionId))),
  );

  app.post(
    `${IDENTITY_SIM_PATH}/:sessionId/decision`,
    {
      schema: {
        tags: ['simulator'],
        summary: 'The provider decides: sends the signed decision webhook',
        params: SessionParams,
        body: Type.Object({ status: IdentityDecisionStatus }),
        response: responses(OkMessage),
      },
    },
    async (request) => {
      const session = await sessionOr404(request.params.sessionId);
      if (session.status !== 'pending') throw conflict(server.identityAlreadyDecided);
      const payload = JSON.stringify({ id: randomUUID(), session_id: session.id, status: request.body.status });
      const delivery = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}${IDENTITY_WEBHOOK_PATH}`,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(app.config.webhookSecret, payload) },
        payload,
      });
      const answer = delivery.json<{ message: string }>();
      if (delivery.statusCode !== 200) throw new ApiError(delivery.statusCode, answer.message);
      return { success: true as const, message: answer.message, data: null };
    },
  );
};
