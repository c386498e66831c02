import domToImage from 'dom-to-image-more';
import { RECEIPT_FILE_NAME } from '../../../shared/limits';
import * as M from '../../../shared/messages';

/** The receipt image (spec §9): white background, twice the on-screen size, PNG. */
const IMAGE_OPTIONS = { bgcolor: '#ffffff', scale: 2 } as const;

function pngFile(dataUrl: string): File {
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (char) => char.charCodeAt(0));
  return new File([bytes], RECEIPT_FILE_NAME, { type: 'image/png' });
}

function download(dataUrl: string): void {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = RECEIPT_FILE_NAME;
  link.click();
}

/**
 * Renders the receipt element as a PNG and hands it to the Web Share API where the browser can
 * share files, else downloads it as RECEIPT_FILE_NAME. Rejects when there is no element, when
 * rendering fails or when sharing is refused or cancelled.
 */
export async function saveReceipt(node: HTMLElement | null): Promise<void> {
  if (!node) throw new Error(M.receipt.elementNotFound);
  const dataUrl = await domToImage.toPng(node, IMAGE_OPTIONS);
  const file = pngFile(dataUrl);
  if (navigator.canShare?.({ files: [file] })) {
    await navigator.share({ files: [file] });
  } else {
    download(dataUrl);
  }
}
