import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { useGetUserQuery, userApi } from '../../../src/client/api/user-api';
import { syncSessionAcrossTabs } from '../../../src/client/app/session-persistence';
import { makeStore } from '../../../src/client/app/store';
import { dialogOpened } from '../../../src/client/app/ui-slice';
import { endpoints } from '../../../src/shared/endpoints';
import { answers } from '../../../src/shared/messages';
import { renderWithProviders } from '../../support/render';
import { backend, setupFakeBackend, signIn, TEST_EMAIL, verifiedUser } from '../../support/server-mock';

setupFakeBackend();

const OTHER_EMAIL = 'bola@example.com';

/** What a screen shows of the signed-in customer (GET /auth/user through the RTK Query cache). */
function Customer() {
  const { data } = useGetUserQuery();
  return <p>{data ? `Signed in as ${data.data.first_name}` : 'Loading'}</p>;
}

/** Tab 1, signed in as Ada on /history, following the stored session as index.tsx makes it. */
async function firstTab() {
  const { token } = signIn();
  const store = makeStore();
  const stop = syncSessionAcrossTabs(store.dispatch);
  const view = renderWithProviders(
    <Routes>
      <Route path="/" element={<h1>Home</h1>} />
      <Route path="/dashboard" element={<><h1>Dashboard</h1><Customer /></>} />
      <Route path="/history" element={<><h1>History</h1><Customer /></>} />
    </Routes>,
    { store, route: '/history' },
  );
  expect(await screen.findByText('Signed in as Ada')).toBeInTheDocument();
  return { ...view, store, stop, token };
}

/** Another tab writes the stored session; this tab gets the storage event. */
function storedByOtherTab(newValue: string) {
  const oldValue = localStorage.getItem('user');
  localStorage.setItem('user', newValue);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'user', oldValue, newValue, storageArea: localStorage }));
  });
}

test('a sign-in as another customer in another tab leaves nothing of the first customer in this tab', async () => {
  const { store, stop } = await firstTab();
  act(() => {
    store.dispatch(dialogOpened('transfer-cad-pin'));
  });
  expect(store.getState().user.profile?.email).toBe(TEST_EMAIL);
  const before = backend.seen(endpoints.user.path).length;

  // Tab 2 signs in as Bola: signIn() stores her session in the shared localStorage.
  const { token: otherToken } = signIn({ email: OTHER_EMAIL, user: { first_name: 'Bola' } });
  storedByOtherTab(localStorage.getItem('user')!);

  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(await screen.findByText('Signed in as Bola')).toBeInTheDocument();
  expect(screen.queryByText(/Ada/)).not.toBeInTheDocument();
  const state = store.getState();
  expect(state.session).toMatchObject({ email: OTHER_EMAIL, token: otherToken });
  expect(state.user.profile?.email).toBe(OTHER_EMAIL);
  expect(state.ui.dialogs).toEqual({});
  expect(JSON.stringify(state.api)).not.toContain('Ada');
  // The new customer's data was asked for with the new customer's token.
  expect(backend.seen(endpoints.user.path).slice(before).map((request) => request.authorization)).toEqual([`Bearer ${otherToken}`]);
  // Tab 2's stored session is left as tab 2 wrote it.
  expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: OTHER_EMAIL, access_token: otherToken });
  stop();
});

test('a token the same customer refreshed in another tab keeps this tab as it is', async () => {
  const { store, stop, token } = await firstTab();
  const fresh = backend.issueToken();

  storedByOtherTab(JSON.stringify({ ...JSON.parse(localStorage.getItem('user')!), access_token: fresh, token: fresh }));

  expect(store.getState().session.token).toBe(fresh);
  expect(fresh).not.toBe(token);
  expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
  expect(screen.getByText('Signed in as Ada')).toBeInTheDocument();
  expect(store.getState().user.profile?.email).toBe(TEST_EMAIL);
  stop();
});

test("a late answer about the previous customer is not merged into another customer's stored session", async () => {
  const { store, stop } = await firstTab();
  signIn({ email: OTHER_EMAIL, user: { first_name: 'Bola' } }); // another tab, no event yet

  // An answer of GET /auth/user about Ada (the user slice's only source).
  await store.dispatch(userApi.util.upsertQueryData('getUser', undefined, { success: true, message: answers.user, data: verifiedUser(TEST_EMAIL) }));

  expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: OTHER_EMAIL });
  expect(localStorage.getItem('user')).not.toContain('Ada');
  stop();
});
