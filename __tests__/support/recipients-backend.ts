// Saved recipients in the fake backend (spec-next §E): GET /recipients answers `recipients.list`
// (newest first, as the tests arrange it), DELETE /recipients/:id removes one (404 for none), and
// `recipients.accounts` holds the full numbers of the saved NGN accounts, the server's side, which
// transfer-backend's name inquiry and NGN withdrawal use for a request by recipient_id. Every test
// has these routes (server-mock wraps them in `authed`); the state is reset after each test.
import { HttpResponse, type HttpResponseResolver } from 'msw';
import { endpoints } from '../../src/shared/endpoints';
import type { Recipient } from '../../src/shared/types';

const initial = () => ({
  list: [] as Recipient[],
  /** Recipient id → '<nibssBankCode>/<full account number>'. */
  accounts: new Map<string, string>(),
  /** The ids DELETE /recipients/:id was asked to remove, in order. */
  deleted: [] as string[],
});

export const recipients = {
  ...initial(),
  reset(): void {
    Object.assign(recipients, initial());
  },
};

/** A saved recipient as GET /recipients answers it. */
export const savedRecipient = (overrides: Partial<Recipient> & Pick<Recipient, 'id' | 'kind' | 'name'>): Recipient => ({
  account_number_masked: null,
  last_used_at: '2025-03-14T12:00:00.000Z',
  ...overrides,
});

/** The routes, as { method, API path, resolver }; server-mock wraps each resolver in `authed`. */
export const recipientRoutes: { method: 'get' | 'delete'; path: string; resolver: HttpResponseResolver }[] = [
  { method: 'get', path: endpoints.listRecipients.path, resolver: () => HttpResponse.json({ success: true, data: recipients.list }) },
  {
    method: 'delete',
    path: endpoints.deleteRecipient.path,
    resolver: ({ params }) => {
      const id = String(params.id);
      recipients.deleted.push(id);
      if (!recipients.list.some((recipient) => recipient.id === id)) {
        return HttpResponse.json({ success: false, message: 'Recipient not found' }, { status: 404 });
      }
      recipients.list = recipients.list.filter((recipient) => recipient.id !== id);
      return HttpResponse.json({ success: true, message: 'Recipient removed' });
    },
  },
];
