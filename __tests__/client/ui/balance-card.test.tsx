import { screen } from '@testing-library/react';
import { BalanceCard, CopyField, formatMoney } from '../../../src/client/ui';
import { renderWithTheme } from './render';

describe('BalanceCard', () => {
  test('shows the balance with its symbol, commas and 2 decimals under "{currency} Balance"', () => {
    renderWithTheme(<BalanceCard currency="NGN" balance={1250000.5} />);
    expect(screen.getByRole('region', { name: 'NGN Balance' })).toHaveTextContent('₦1,250,000.50');
  });

  test('hidden, it shows dots and says so to assistive technology', () => {
    renderWithTheme(<BalanceCard currency="CAD" balance={12} hidden title="Current Balance" />);
    expect(screen.queryByText('$12.00')).not.toBeInTheDocument();
    expect(screen.getByText('••••••')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Balance hidden')).toBeInTheDocument();
  });

  test('formatMoney', () => {
    expect(formatMoney('CAD', 0)).toBe('$0.00');
    expect(formatMoney('NGN', 1039.5)).toBe('₦1,039.50');
  });
});

describe('CopyField', () => {
  test('a read-only value with a copy button named after its label', () => {
    renderWithTheme(<CopyField label="Account number" value="0123456789" />);
    expect(screen.getByRole('textbox', { name: 'Account number' })).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
  });
});
