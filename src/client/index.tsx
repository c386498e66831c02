import { setupListeners } from '@reduxjs/toolkit/query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { syncSessionAcrossTabs } from './app/session-persistence';
import { makeStore } from './app/store';

const store = makeStore();
syncSessionAcrossTabs(store.dispatch);
// Focus and reconnect events for the queries that ask for them (balances, quotes, history).
setupListeners(store.dispatch);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App store={store} router={createAppRouter()} />
  </StrictMode>,
);
