import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../../../src/client/ui';
import { renderWithTheme } from './render';

describe('Button', () => {
  it('runs its action when clicked', async () => {
    const onClick = jest.fn();
    renderWithTheme(<Button onClick={onClick}>Sign In</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while busy shows the busy label, is disabled and aria-busy, and ignores clicks', async () => {
    const onClick = jest.fn();
    renderWithTheme(<Button busy busyLabel="Signing In..." onClick={onClick}>Sign In</Button>);
    const button = screen.getByRole('button', { name: 'Signing In...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Sign In')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('returns to its label and is enabled again when no longer busy', () => {
    const { rerender } = renderWithTheme(<Button busy busyLabel="Signing In...">Sign In</Button>);
    rerender(<Button busy={false} busyLabel="Signing In...">Sign In</Button>);
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('had the focus when it went busy: takes it back when done, unless something else took it meanwhile', () => {
    const { rerender } = renderWithTheme(<><Button>Save as PNG</Button><input aria-label="Other" /></>);
    const button = screen.getByRole('button', { name: 'Save as PNG' });
    button.focus();
    rerender(<><Button busy>Save as PNG</Button><input aria-label="Other" /></>);
    // A browser takes the focus off a disabled control, to the page's body; jsdom does not (nor blurs a
    // disabled control), so the focus is sent there by way of the other field.
    screen.getByRole('textbox', { name: 'Other' }).focus();
    screen.getByRole('textbox', { name: 'Other' }).blur();
    expect(document.body).toHaveFocus();
    rerender(<><Button busy={false}>Save as PNG</Button><input aria-label="Other" /></>);
    expect(button).toHaveFocus();

    rerender(<><Button disabled>Save as PNG</Button><input aria-label="Other" /></>);
    screen.getByRole('textbox', { name: 'Other' }).focus();
    rerender(<><Button>Save as PNG</Button><input aria-label="Other" /></>);
    expect(screen.getByRole('textbox', { name: 'Other' })).toHaveFocus();
  });

  it('does not submit a form unless asked to', async () => {
    const onSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderWithTheme(
      <form onSubmit={onSubmit}>
        <Button>Back</Button>
        <Button type="submit">Continue</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
