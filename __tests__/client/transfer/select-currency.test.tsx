import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import SelectCurrencyScreen from '../../../src/client/features/transfer/select-currency-screen';
import { renderWithProviders } from '../../support/render';
import { LocationProbe } from '../../support/wallet-backend';

describe('Select Currency screen (/transfer)', () => {
  test.each([
    ['Canadian Dollar', 'Send CAD', '/transfer-cad'],
    ['Nigerian Naira', 'Send NGN', '/transfer-naira'],
  ])('the %s card (%s) goes to %s', async (card, action, path) => {
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/transfer" element={<SelectCurrencyScreen />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>,
      { route: '/transfer' },
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Select Currency' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('region', { name: card })).getByRole('button', { name: action }));

    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });
});
