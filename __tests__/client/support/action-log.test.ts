import { http, HttpResponse } from 'msw';
import { ACTION_LOG_SIZE } from '../../../src/client/app/action-log';
import { makeStore } from '../../../src/client/app/store';
import { userApi } from '../../../src/client/api/user-api';
import { apiPath, server, setupFakeBackend, signIn } from '../../support/server-mock';

setupFakeBackend();

test('keeps the last 200 actions, oldest first, with their payloads', () => {
  const store = makeStore();
  for (let i = 0; i < ACTION_LOG_SIZE + 50; i += 1) store.dispatch({ type: 'test/counted', payload: i });
  const actions = store.actionLog.actions();
  expect(actions).toHaveLength(ACTION_LOG_SIZE);
  expect(actions[0].payload).toBe(50);
  expect(actions[ACTION_LOG_SIZE - 1]).toMatchObject({ type: 'test/counted', payload: ACTION_LOG_SIZE + 49 });
});

test('records failed requests with method, path, status and the server message', async () => {
  signIn();
  server.use(http.get(apiPath('/auth/user'), () => HttpResponse.json({ success: false, message: 'User not found' }, { status: 404 })));
  const store = makeStore();
  await store.dispatch(userApi.endpoints.getUser.initiate());
  expect(store.actionLog.failedRequests()).toEqual([
    { time: expect.any(Number), method: 'GET', path: apiPath('/auth/user'), status: 404, message: 'User not found' },
  ]);
});
