import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { SessionWatcher } from '../features/session/session-watcher';
import { GlobalStyle } from '../ui/global-style';
import { theme } from '../ui/theme';
import { paths } from './paths';
import { AppRoutes } from './router';
import type { AppStore } from './store';
import { ToastOutlet } from './toasts';

/** Store, theme, global styles, the toast outlet and the session timers: everything around the router. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <SessionWatcher />
        {children}
        <ToastOutlet />
      </ThemeProvider>
    </Provider>
  );
}

/** The app in the browser (index.tsx renders it, or hydrates the prerendered '/' with it). */
export function BrowserApp({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <AppProviders store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}

/**
 * The app at '/' for the build's prerender (prerender.tsx): the same tree as BrowserApp, which
 * hydrates its markup, with a router that needs no browser.
 */
export function PrerenderedApp({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[paths.home]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>
    </StrictMode>
  );
}
