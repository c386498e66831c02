import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { SessionWatcher } from '../features/session/session-watcher';
import { GlobalStyle } from '../ui/global-style';
import { theme } from '../ui/theme';
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

export function App({ store, router }: { store: AppStore; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
