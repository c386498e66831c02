// The shared layout around stand-in screens (each just its h1), behind the real route guard.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../../src/client/app/app';
import { NavigationBridge } from '../../../src/client/app/navigation';
import { paths } from '../../../src/client/app/paths';
import { RequireSession } from '../../../src/client/app/require-session';
import { makeStore } from '../../../src/client/app/store';
import AppLayout from '../../../src/client/features/layout/app-layout';

export const SCREENS = {
  [paths.dashboard]: 'Dashboard screen',
  [paths.exchange]: 'Exchange screen',
  [paths.addMoney]: 'Add money screen',
  [paths.profile]: 'Profile screen',
  [paths.about]: 'About screen',
  [paths.verification]: 'Verification screen',
  [paths.history]: 'History screen',
};

const Root = () => (
  <>
    <NavigationBridge />
    <Outlet />
  </>
);

export function renderLayout(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { path: paths.home, element: <h1>Sign-in screen</h1> },
          {
            element: <RequireSession />,
            children: [
              {
                element: <AppLayout />,
                children: Object.entries(SCREENS).map(([screenPath, title]) => ({ path: screenPath, element: <h1>{title}</h1> })),
              },
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
  return { store, router, user: userEvent.setup() };
}
