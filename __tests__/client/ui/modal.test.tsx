import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button, ConfirmDialog, Modal, TextField } from '../../../src/client/ui';
import { renderWithTheme } from './render';

function Harness({ dismissible, autoFocusField = false }: { dismissible?: boolean; autoFocusField?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Change PIN</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Change Transaction PIN"
        description="Choose a new 4-digit PIN."
        dismissible={dismissible}
        footer={<Button onClick={() => setOpen(false)}>Save</Button>}
      >
        <TextField label="New PIN" autoFocus={autoFocusField} />
      </Modal>
    </>
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Change PIN' }));
  return screen.getByRole('dialog');
}

describe('Modal', () => {
  it('is closed until opened', () => {
    renderWithTheme(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog named by its title and described by its description', async () => {
    renderWithTheme(<Harness />);
    const dialog = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Change Transaction PIN');
    expect(dialog).toHaveAccessibleDescription('Choose a new 4-digit PIN.');
    expect(screen.getByRole('heading', { name: 'Change Transaction PIN' })).toBeInTheDocument();
  });

  it('moves focus into the dialog on open', async () => {
    renderWithTheme(<Harness />);
    const dialog = await openDialog();
    expect(dialog).toHaveFocus();
  });

  it('leaves focus on a child that asked for it', async () => {
    renderWithTheme(<Harness autoFocusField />);
    await openDialog();
    expect(screen.getByRole('textbox', { name: 'New PIN' })).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    renderWithTheme(<Harness />);
    await openDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    const field = screen.getByRole('textbox', { name: 'New PIN' });
    const save = screen.getByRole('button', { name: 'Save' });

    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(field).toHaveFocus();
    await userEvent.tab();
    expect(save).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    renderWithTheme(<Harness />);
    await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change PIN' })).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    renderWithTheme(<Harness />);
    const dialog = await openDialog();
    await userEvent.click(screen.getByRole('textbox', { name: 'New PIN' }));
    expect(dialog).toBeInTheDocument();
    await userEvent.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a double click's or tap's second press, landing on the dialog its first press opened, neither closes it nor presses its button", () => {
    jest.useFakeTimers();
    try {
      renderWithTheme(<Harness />);
      fireEvent.click(screen.getByRole('button', { name: 'Change PIN' }), { detail: 1 });
      const dialog = screen.getByRole('dialog');

      // The second press: on the backdrop (the review opened, its edge under the pointer) ...
      fireEvent.mouseDown(dialog.parentElement!, { detail: 2 });
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      // ... or on the dialog's button that took the opener's place (a bill's review confirmed unseen).
      fireEvent.click(screen.getByRole('button', { name: 'Save' }), { detail: 2 });
      expect(screen.getByRole('dialog')).toBeInTheDocument();

      // Later presses are the customer's own: a single one, or a deliberate double click.
      act(() => jest.advanceTimersByTime(800));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }), { detail: 2 });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes with its close button', async () => {
    renderWithTheme(<Harness />);
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when not dismissible ignores Escape and the backdrop and has no close button', async () => {
    renderWithTheme(<Harness dismissible={false} />);
    const dialog = await openDialog();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(dialog.parentElement!);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('locks body scroll while open', async () => {
    renderWithTheme(<Harness />);
    await openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });

  it('a dialog opened from a dialog that has closed since (a review, then its PIN step) gives the focus back to where the first was opened from', async () => {
    function Steps() {
      const [step, setStep] = useState<'form' | 'review' | 'pin'>('form');
      return (
        <>
          <Button onClick={() => setStep('review')}>Send</Button>
          <Modal open={step === 'review'} onClose={() => setStep('form')} title="Review">
            <Button onClick={() => setStep('pin')}>Continue</Button>
          </Modal>
          <Modal open={step === 'pin'} onClose={() => setStep('form')} title="Enter Transaction PIN"><p>PIN</p></Modal>
        </>
      );
    }
    renderWithTheme(<Steps />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('dialog', { name: 'Enter Transaction PIN' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('a dialog whose opener has gone (a list item removed) gives the focus to the screen\'s heading', async () => {
    function Devices() {
      const [devices, setDevices] = useState(['Safari on iPhone']);
      const [asking, setAsking] = useState<string | null>(null);
      return (
        <main>
          <h1>Profile</h1>
          {devices.map((device) => <Button key={device} onClick={() => setAsking(device)}>Sign out {device}</Button>)}
          <ConfirmDialog
            open={asking !== null}
            onClose={() => setAsking(null)}
            onConfirm={() => {
              setDevices([]);
              setAsking(null);
            }}
            title="Sign out this device?"
            text="It will need to sign in again."
            confirmLabel="Sign out"
          />
        </main>
      );
    }
    renderWithTheme(<Devices />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile' })).toHaveFocus();
  });

  it('Escape in a dialog opened over another closes only the top one', async () => {
    const closeOuter = jest.fn();
    function Nested() {
      const [inner, setInner] = useState(false);
      return (
        <Modal open onClose={closeOuter} title="Outer">
          <Button onClick={() => setInner(true)}>More</Button>
          <Modal open={inner} onClose={() => setInner(false)} title="Inner"><p>Inner body</p></Modal>
        </Modal>
      );
    }
    renderWithTheme(<Nested />);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('dialog', { name: 'Inner' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(closeOuter).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'More' })).toHaveFocus();
  });
});

describe('ConfirmDialog', () => {
  function SignOut({ onConfirm }: { onConfirm: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Sign out</Button>
        <ConfirmDialog
          open={open}
          onClose={() => setOpen(false)}
          onConfirm={onConfirm}
          title="Sign Out Confirmation"
          text="Are you sure you want to sign out?"
          confirmLabel="Sign Out"
        />
      </>
    );
  }

  it('asks its question, starting on Cancel, and Cancel closes it', async () => {
    const onConfirm = jest.fn();
    renderWithTheme(<SignOut onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign Out Confirmation' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to sign out?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(dialog).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
  });

  it('confirms', async () => {
    const onConfirm = jest.fn();
    renderWithTheme(<SignOut onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('while busy shows the busy label and cannot be cancelled or dismissed', async () => {
    const onClose = jest.fn();
    renderWithTheme(
      <ConfirmDialog open onClose={onClose} onConfirm={jest.fn()} title="Sign Out Confirmation" text="Are you sure you want to sign out?"
        confirmLabel="Sign Out" busy busyLabel="Signing Out..." />,
    );
    expect(screen.getByRole('button', { name: 'Signing Out...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    act(() => screen.getByRole('dialog').focus());
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
