import { setupListeners } from '@reduxjs/toolkit/query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserApp } from './app/app';
import { paths } from './app/paths';
import { selectHasLiveSession } from './app/session-slice';
import { syncSessionAcrossTabs } from './app/session-persistence';
import { makeStore } from './app/store';
import { restoredView } from './app/view-persistence';

// A refresh keeps what the customer was looking at (History's filters and page, the chosen tabs).
const store = makeStore(restoredView());
syncSessionAcrossTabs(store.dispatch);
// Focus and reconnect events for the queries that ask for them (balances, quotes, history).
setupListeners(store.dispatch);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = <BrowserApp store={store} />;

// '/' arrives with the sign-in screen already rendered (the build's prerender, src/client/prerender.tsx):
// it is hydrated when this visit renders the same ('/' without a live session); anything else (a
// signed-in customer, whom '/' sends on to the dashboard) starts from an empty #root.
if (container.dataset.prerendered === paths.home && window.location.pathname === paths.home && !selectHasLiveSession(store.getState())) {
  // As a transition, hydration yields to the browser every few milliseconds (one long task otherwise).
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  delete container.dataset.prerendered;
  createRoot(container).render(app);
}
