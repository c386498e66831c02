import { userApi } from '../../../src/client/api/user-api';
import { walletApi } from '../../../src/client/api/wallet-api';
import { sessionEnded } from '../../../src/client/app/session-slice';
import { makeStore } from '../../../src/client/app/store';
import { selectIsFullyVerified, selectUser } from '../../../src/client/app/user-slice';
import { selectWallet, selectWalletBalance, selectWallets } from '../../../src/client/app/wallets-slice';
import { setupFakeBackend, signIn, TEST_EMAIL } from '../../support/server-mock';
import { fakeWallets, serveWallets } from '../../support/wallet-backend';

setupFakeBackend();

test('the user slice holds what GET /auth/user answered, and nothing once the session ends', async () => {
  signIn({ user: { first_name: 'Ada' } });
  const store = makeStore();
  expect(selectUser(store.getState())).toBeNull();

  await store.dispatch(userApi.endpoints.getUser.initiate());

  expect(selectUser(store.getState())).toMatchObject({ email: TEST_EMAIL, first_name: 'Ada' });
  expect(selectIsFullyVerified(store.getState())).toBe(true);
  store.dispatch(sessionEnded());
  expect(selectUser(store.getState())).toBeNull();
});

test('the wallets slice holds each wallet by currency as its query answered, and nothing once the session ends', async () => {
  signIn();
  const wallets = serveWallets(fakeWallets());
  const store = makeStore();
  expect(selectWallets(store.getState())).toEqual([]);

  await store.dispatch(walletApi.endpoints.getCadWallet.initiate());
  expect(selectWallet(store.getState(), 'CAD')).toEqual({ currency: 'CAD', ...wallets.cad });
  expect(selectWallet(store.getState(), 'NGN')).toBeUndefined();

  await store.dispatch(walletApi.endpoints.getNairaWallet.initiate());
  expect(selectWallet(store.getState(), 'NGN')).toEqual({ currency: 'NGN', ...wallets.ngn });
  expect(selectWalletBalance(store.getState(), 'NGN')).toBe(wallets.ngn.balance);
  expect(store.getState().wallets.ids).toEqual(['CAD', 'NGN']);

  // A newer answer (a refetch after a deposit) replaces the wallet.
  wallets.cad.balance = 2000;
  await store.dispatch(walletApi.endpoints.getCadWallet.initiate(undefined, { forceRefetch: true }));
  expect(selectWalletBalance(store.getState(), 'CAD')).toBe(2000);

  store.dispatch(sessionEnded());
  expect(selectWallets(store.getState())).toEqual([]);
});
