import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from '../../../src/client/ui';
import { renderWithTheme } from './render';

const TABS = [
  { value: 'CAD', label: 'CAD' },
  { value: 'NGN', label: 'NGN' },
  { value: 'USD', label: 'USD' },
] as const;
type Currency = (typeof TABS)[number]['value'];

function Harness({ onChange }: { onChange?: (value: Currency) => void }) {
  const [value, setValue] = useState<Currency>('CAD');
  return (
    <Tabs label="Currency" tabs={TABS} value={value} onChange={(next) => { setValue(next); onChange?.(next); }}>
      <p>Account Details for {value} Deposits</p>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('shows a labelled tab list and the selected tab\'s panel', () => {
    renderWithTheme(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Currency' })).toBeInTheDocument();
    expect(tab('CAD')).toHaveAttribute('aria-selected', 'true');
    expect(tab('NGN')).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'CAD' });
    expect(panel).toHaveTextContent('Account Details for CAD Deposits');
    expect(tab('CAD')).toHaveAttribute('aria-controls', panel.id);
  });

  it('selects a tab on click and reports it to the parent', async () => {
    const onChange = jest.fn();
    renderWithTheme(<Harness onChange={onChange} />);
    await userEvent.click(tab('NGN'));
    expect(onChange).toHaveBeenCalledWith('NGN');
    expect(tab('NGN')).toHaveAttribute('aria-selected', 'true');
    expect(tab('CAD')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'NGN' })).toHaveTextContent('Account Details for NGN Deposits');
  });

  it('is one Tab stop: only the selected tab is focusable by Tab', async () => {
    renderWithTheme(<Harness />);
    await userEvent.tab();
    expect(tab('CAD')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('arrow keys move and select, wrapping at both ends', async () => {
    renderWithTheme(<Harness />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('NGN')).toHaveFocus();
    expect(tab('NGN')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('CAD')).toHaveFocus();
    expect(tab('CAD')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('USD')).toHaveFocus();
    expect(tab('USD')).toHaveAttribute('aria-selected', 'true');
  });

  it('Home and End go to the first and last tab', async () => {
    renderWithTheme(<Harness />);
    await userEvent.tab();
    await userEvent.keyboard('{End}');
    expect(tab('USD')).toHaveFocus();
    expect(tab('USD')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(tab('CAD')).toHaveFocus();
    expect(tab('CAD')).toHaveAttribute('aria-selected', 'true');
  });

  it('follows the value its parent holds', () => {
    const { rerender } = renderWithTheme(
      <Tabs label="Currency" tabs={TABS} value="CAD" onChange={jest.fn()}><p>panel</p></Tabs>,
    );
    rerender(<Tabs label="Currency" tabs={TABS} value="NGN" onChange={jest.fn()}><p>panel</p></Tabs>);
    expect(tab('NGN')).toHaveAttribute('aria-selected', 'true');
    expect(tab('CAD')).toHaveAttribute('tabindex', '-1');
  });
});
