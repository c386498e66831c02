// The fake backend's Devices calls (spec-next §E): GET /sessions, DELETE /sessions/:id,
// POST /sessions/revoke-others. server-mock.ts serves them (bearer auth enforced there) in every
// test; `devicesFake` holds the signed-in devices (reset after each test) and what was asked.
import { HttpResponse, type HttpResponseResolver } from 'msw';
import { endpoints } from '../../src/shared/endpoints';
import { devices as messages } from '../../src/shared/messages';
import type { DeviceSession } from '../../src/shared/types';

/** A device of the list; the first one is the asking device unless told otherwise. */
export const deviceSession = (overrides: Partial<DeviceSession> = {}): DeviceSession => ({
  id: '0b1c2d3e-0000-4000-8000-000000000001',
  device: 'Chrome on Windows',
  ip: '203.0.113.7',
  created_at: '2026-03-02T09:15:00.000Z',
  last_used_at: '2026-03-03T14:05:00.000Z',
  current: true,
  ...overrides,
});

const initial = () => ({
  /** What GET /sessions answers (this device only, by default). */
  sessions: [deviceSession()] as DeviceSession[],
  /** The ids DELETE /sessions/:id was called with. */
  revoked: [] as string[],
  /** How many times POST /sessions/revoke-others was called. */
  revokeOthersCalls: 0,
  /** When set, the calls that sign out answer this refusal. */
  refusal: null as { status: number; message: string } | null,
  /** When set, GET /sessions answers this refusal. */
  listRefusal: null as { status: number; message: string } | null,
});

export const devicesFake = {
  ...initial(),
  reset(): void {
    Object.assign(devicesFake, initial());
  },
};

const refused = ({ status, message }: { status: number; message: string }) => HttpResponse.json({ success: false, message }, { status });

export const devicesRoutes: { method: 'get' | 'post' | 'delete'; path: string; resolver: HttpResponseResolver }[] = [
  {
    method: 'get',
    path: endpoints.sessions.path,
    resolver: () => (devicesFake.listRefusal ? refused(devicesFake.listRefusal) : HttpResponse.json({ success: true, data: devicesFake.sessions })),
  },
  {
    method: 'delete',
    path: endpoints.revokeSession.path,
    resolver: ({ params }) => {
      const id = String(params.id);
      devicesFake.revoked.push(id);
      if (devicesFake.refusal) return refused(devicesFake.refusal);
      if (!devicesFake.sessions.some((session) => session.id === id)) return refused({ status: 404, message: messages.notFound });
      devicesFake.sessions = devicesFake.sessions.filter((session) => session.id !== id);
      return HttpResponse.json({ success: true, message: messages.signedOut });
    },
  },
  {
    method: 'post',
    path: endpoints.revokeOtherSessions.path,
    resolver: () => {
      devicesFake.revokeOthersCalls += 1;
      if (devicesFake.refusal) return refused(devicesFake.refusal);
      const revoked = devicesFake.sessions.filter((session) => !session.current).length;
      devicesFake.sessions = devicesFake.sessions.filter((session) => session.current);
      return HttpResponse.json({ success: true, message: messages.othersSignedOut(revoked), data: { revoked } });
    },
  },
];
