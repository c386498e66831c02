import domToImage from 'dom-to-image-more';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import type { RootState } from '../../../src/client/app/store';
import { ReceiptModal } from '../../../src/client/features/money/receipt-modal';
import { saveReceipt } from '../../../src/client/features/money/save-receipt';
import { renderWithProviders } from '../../support/render';

// dom-to-image-more never settles under jsdom: it is the outside world here (the browser journey runs it for real).
jest.mock('dom-to-image-more');
const toPng = jest.mocked(domToImage.toPng);

/** A PNG's first 8 bytes, base64. */
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

let downloads: { href: string; download: string }[];

beforeEach(() => {
  toPng.mockReset().mockResolvedValue(PNG);
  downloads = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  delete (navigator as Partial<Navigator>).canShare;
  delete (navigator as Partial<Navigator>).share;
});

function canShareFiles(answer: boolean) {
  const share = jest.fn<Promise<void>, [ShareData]>().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'canShare', { configurable: true, value: jest.fn(() => answer) });
  Object.defineProperty(navigator, 'share', { configurable: true, value: share });
  return share;
}

describe('saveReceipt', () => {
  test('renders the element as a PNG on white at scale 2', async () => {
    const node = document.createElement('div');
    await saveReceipt(node);
    expect(toPng).toHaveBeenCalledWith(node, expect.objectContaining({ bgcolor: '#ffffff', scale: 2 }));
  });

  test('the image keeps the receipt\'s own size; inside it the text boxes lay themselves out again (no size in pixels copied)', async () => {
    const node = document.createElement('div');
    const value = node.appendChild(document.createElement('dd'));
    await saveReceipt(node);
    const { filterStyles } = toPng.mock.calls[0][1]!;
    expect(['width', 'height'].map((property) => filterStyles!(node, property))).toEqual([true, true]);
    expect(['width', 'height', 'inline-size', 'block-size'].map((property) => filterStyles!(value, property))).toEqual([false, false, false, false]);
    expect(['font-size', 'overflow-wrap', 'padding-left', 'max-width'].map((property) => filterStyles!(value, property))).toEqual([true, true, true, true]);
  });

  test('without file sharing it downloads the image under the fixed file name', async () => {
    await saveReceipt(document.createElement('div'));
    expect(downloads).toEqual([{ href: PNG, download: 'kudi-receipt.png' }]);
  });

  test('where the browser can share files, it shares the PNG file instead of downloading', async () => {
    const share = canShareFiles(true);
    await saveReceipt(document.createElement('div'));

    expect(share).toHaveBeenCalledTimes(1);
    const [file] = share.mock.calls[0][0].files ?? [];
    expect(file).toBeInstanceOf(File);
    expect(file).toMatchObject({ name: 'kudi-receipt.png', type: 'image/png', size: 8 });
    expect(navigator.canShare).toHaveBeenCalledWith({ files: [file] });
    expect(downloads).toEqual([]);
  });

  test('a browser that cannot share files falls back to the download', async () => {
    const share = canShareFiles(false);
    await saveReceipt(document.createElement('div'));
    expect(share).not.toHaveBeenCalled();
    expect(downloads).toHaveLength(1);
  });

  test('a missing receipt element raises "Receipt element not found"', async () => {
    await expect(saveReceipt(null)).rejects.toThrow('Receipt element not found');
    expect(toPng).not.toHaveBeenCalled();
  });
});

describe('receipt modal', () => {
  const ID = 'test-receipt';
  const rows = [
    { label: 'Amount', value: '$25.00' },
    { label: 'Transaction reference', value: 'REF-1' },
  ];

  function renderReceipt(onClose = jest.fn()) {
    const ui: RootState['ui'] = { dialogs: { [ID]: true }, steps: {}, tabs: {} };
    return { onClose, ...renderWithProviders(<ReceiptModal id={ID} title="Transaction Receipt" rows={rows} onClose={onClose} />, { preloadedState: { ui } }) };
  }

  test('shows each field with its label', () => {
    renderReceipt();
    const dialog = screen.getByRole('dialog', { name: 'Transaction Receipt' });
    expect(dialog).toHaveTextContent('Amount$25.00');
    expect(dialog).toHaveTextContent('Transaction referenceREF-1');
  });

  test('an e-mail or a long reference may wrap inside itself, first after @ . - _ /; ordinary values wrap at spaces only', () => {
    const ui: RootState['ui'] = { dialogs: { [ID]: true }, steps: {}, tabs: {} };
    const lines = [
      { label: 'Recipient', value: 'Oluwaseun Babatunde-Williams' },
      { label: 'Recipient email', value: 'oluwaseun.williams@example.com' },
      { label: 'Transaction reference', value: 'KD37AE01E6B8965FF2' },
      { label: 'Date', value: 'November 26, 2026 11:15 AM' },
    ];
    renderWithProviders(<ReceiptModal id={ID} title="Transaction Receipt" rows={lines} />, { preloadedState: { ui } });

    const value = (text: string) => screen.getByText(text, { selector: 'dd' });
    expect(value('oluwaseun.williams@example.com')).toHaveAttribute('data-token');
    expect(value('oluwaseun.williams@example.com').querySelectorAll('wbr')).toHaveLength(3);
    expect(value('KD37AE01E6B8965FF2')).toHaveAttribute('data-token');
    expect(value('Oluwaseun Babatunde-Williams')).not.toHaveAttribute('data-token');
    expect(value('November 26, 2026 11:15 AM')).not.toHaveAttribute('data-token');
  });

  test('Share Receipt renders the receipt itself and says it was shared', async () => {
    const { user } = renderReceipt();
    await user.click(screen.getByRole('button', { name: 'Share Receipt' }));

    expect(await screen.findByText('Receipt shared successfully!')).toBeInTheDocument();
    expect(toPng.mock.calls[0][0]).toHaveTextContent('Kudi receipt');
    expect(toPng.mock.calls[0][0]).toHaveTextContent('REF-1');
    expect(downloads).toHaveLength(1);
  });

  test('a failed rendering says "Failed to share receipt"', async () => {
    toPng.mockRejectedValue(new Error('canvas tainted'));
    const { user } = renderReceipt();
    await user.click(screen.getByRole('button', { name: 'Share Receipt' }));
    expect(await screen.findByText('Failed to share receipt')).toBeInTheDocument();
  });

  test('cancelling the share sheet is not a failure', async () => {
    const error = jest.spyOn(toast, 'error');
    const success = jest.spyOn(toast, 'success');
    canShareFiles(true).mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    const { user } = renderReceipt();
    await user.click(screen.getByRole('button', { name: 'Share Receipt' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Share Receipt' })).toBeEnabled());
    expect(error).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
  });

  test.each(['Done', 'Close'])('%s closes the receipt (state in the store) and tells the flow', async (button) => {
    const { user, store, onClose } = renderReceipt();
    await user.click(screen.getByRole('button', { name: button }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.dialogs[ID]).toBeUndefined();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('leaving the screen closes the receipt dialog, so it does not reappear on the next visit', () => {
    const { store, unmount } = renderReceipt();
    unmount();
    expect(store.getState().ui.dialogs).toEqual({});
  });
});
