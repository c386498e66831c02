import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
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

/**
 * The app: its providers around `router` holding the route table (<AppRoutes />): a BrowserRouter in
 * the browser (index.tsx), a MemoryRouter at '/' for the build's prerender (prerender.tsx).
 */
export function App({ store, children: router }: { store: AppStore; children: ReactNode }) {
  return <AppProviders store={store}>{router}</AppProviders>;
}
