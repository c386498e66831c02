import { lazy, StrictMode, Suspense, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../ui/global-style';
import { theme } from '../ui/theme';
import { paths } from './paths';
import { AppRoutes } from './router';
import { selectIsSignedIn } from './session-slice';
import { useAppSelector, type AppStore } from './store';
import { ToastOutlet } from './toasts';

// The session's timers load once there is a session: '/' signed out does not need them.
const SessionWatcher = lazy(() => import('../features/session/session-watcher'));

/** The session's timers (features/session), from the first moment there is a session on. */
function SessionTimers() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const [startedSignedIn] = useState(signedIn);
  const [needed, setNeeded] = useState(signedIn);
  if (signedIn && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <SessionWatcher resumedAtStart={startedSignedIn} />
    </Suspense>
  ) : null;
}

/** Store, theme, global styles, the toast outlet and the session timers: everything around the router. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <SessionTimers />
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
