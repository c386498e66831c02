// Render helpers for client tests: a fresh store (makeStore), the theme, a router and the toasts.
import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { AppProviders } from '../../src/client/app/app';
import { NavigationBridge } from '../../src/client/app/navigation';
import { AppRoutes } from '../../src/client/app/router';
import { ToastsClearedOnNavigation } from '../../src/client/app/toasts';
import { makeStore, type AppStore, type RootState } from '../../src/client/app/store';

/** Whether the test runs on Jest's fake clock (modern or legacy timers), as Testing Library checks it. */
const fakeTimersOn = () =>
  typeof jest !== 'undefined' &&
  ((setTimeout as unknown as { _isMockFunction?: boolean })._isMockFunction === true || Object.prototype.hasOwnProperty.call(setTimeout, 'clock'));

/** A user-event session; on Jest's fake clock its pauses between keys and clicks advance that clock. */
export const setupUser = () => userEvent.setup(fakeTimersOn() ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});

interface ProviderOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** The URL the router starts at. */
  route?: string;
}

/** Renders `ui` inside the app's providers and a MemoryRouter at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, store = makeStore(preloadedState), route = '/', ...options }: ProviderOptions = {},
) {
  const result = render(ui, {
    ...options,
    wrapper: ({ children }) => (
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[route]}>
          <NavigationBridge />
          <ToastsClearedOnNavigation />
          {children}
        </MemoryRouter>
      </AppProviders>
    ),
  });
  return { store, user: setupUser(), ...result };
}

/** Where the router is, as `router.state.location` (the shape a data router's state has). */
interface RouterProbe {
  state: { location: Location };
}

/** Keeps the location the router shows in `probe` (rendered inside the router, outside the routes). */
function LocationProbe({ probe }: { probe: RouterProbe }) {
  probe.state.location = useLocation();
  return null;
}

/**
 * Renders the whole route table (guard, lazy screens, redirects) at `route` as the app does
 * (AppRoutes in a declarative router, here a MemoryRouter); `router.state.location` tells where it went.
 */
export function renderRoute(
  route: string,
  { preloadedState, store = makeStore(preloadedState), ...options }: Omit<ProviderOptions, 'route'> = {},
) {
  const router: RouterProbe = { state: { location: { pathname: route, search: '', hash: '', state: null, key: 'default' } } };
  const result = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[route]}>
        <LocationProbe probe={router} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
    options,
  );
  return { store, router, user: setupUser(), ...result };
}
