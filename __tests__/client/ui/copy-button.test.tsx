import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { CopyButton } from '../../../src/client/ui';
import { renderWithTheme } from './render';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

// user-event's clipboard stub cannot read back under our jsdom environment (Node's Blob meets
// jsdom's FileReader), so the clipboard is a fake that records what was written.
function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  return { user, writeText };
}

const button = (name: string) => screen.getByRole('button', { name });
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('CopyButton', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.mocked(toast.success).mockClear();
    jest.mocked(toast.error).mockClear();
  });
  afterEach(() => jest.useRealTimers());

  it('copies the value, says so, shows Copied for 2 s, then resets', async () => {
    const { user, writeText } = setup();
    renderWithTheme(<CopyButton value="0123456789" label="Copy account number" />);

    const clickedAt = jest.now();
    await user.click(button('Copy account number'));

    expect(writeText).toHaveBeenCalledWith('0123456789');
    expect(toast.success).toHaveBeenCalledWith('Copied to clipboard!');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    advance(clickedAt + 1999 - jest.now());
    expect(button('Copied')).toBeInTheDocument();
    advance(1);
    expect(button('Copy account number')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  });

  it('a second copy restarts the 2 s', async () => {
    const { user, writeText } = setup();
    renderWithTheme(<CopyButton value="pay@kudi.example" label="Copy deposit email" />);
    await user.click(button('Copy deposit email'));
    await screen.findByRole('button', { name: 'Copied' });
    advance(1500);

    const clickedAgainAt = jest.now();
    await user.click(button('Copied'));
    expect(writeText).toHaveBeenCalledTimes(2);
    advance(clickedAgainAt + 1999 - jest.now());
    expect(button('Copied')).toBeInTheDocument();
    advance(1);
    expect(button('Copy deposit email')).toBeInTheDocument();
  });

  it('when the clipboard refuses, reports an error and does not claim success', async () => {
    const { user, writeText } = setup();
    writeText.mockRejectedValueOnce(new Error('denied'));
    renderWithTheme(<CopyButton value="0123456789" label="Copy account number" />);
    await user.click(button('Copy account number'));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.success).not.toHaveBeenCalled();
    advance(100);
    expect(button('Copy account number')).toBeInTheDocument();
  });
});
