// The auth screen on '/' and '/login' with stand-in guarded screens, so these tests do not depend on other features.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, type InitialEntry } from 'react-router-dom';
import { AppProviders } from '../../../src/client/app/app';
import { NavigationBridge } from '../../../src/client/app/navigation';
import { paths } from '../../../src/client/app/paths';
import { RequireSession } from '../../../src/client/app/require-session';
import { makeStore } from '../../../src/client/app/store';
import AuthScreen from '../../../src/client/features/auth/auth-screen';

const Root = () => (
  <>
    <NavigationBridge />
    <Outlet />
  </>
);

export function renderAuth(path: InitialEntry = paths.home, { advanceTimers }: { advanceTimers?: (ms: number) => void } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { path: paths.home, element: <AuthScreen /> },
          { path: paths.login, element: <AuthScreen /> },
          {
            element: <RequireSession />,
            children: [
              { path: paths.dashboard, element: <h1>Dashboard screen</h1> },
              { path: paths.history, element: <h1>History screen</h1> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const store = makeStore();
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, user: userEvent.setup(advanceTimers ? { advanceTimers } : {}) };
}
