import domToImage from 'dom-to-image-more';
import { RECEIPT_FILE_NAME } from '../../../shared/limits';
import * as M from '../../../shared/messages';

/** The computed sizes the copy of the receipt drops below its root (see `imageOptions`). */
const SIZES = new Set(['width', 'height', 'inline-size', 'block-size']);

/**
 * The receipt image (spec §9): white background, twice the on-screen size, PNG.
 * dom-to-image-more copies every computed style, sizes included, into an SVG image. A text box
 * pinned to its on-screen width in pixels wraps differently when the image measures its text a
 * fraction wider, and breaks a word in the middle. Only the root keeps its size; inside it the
 * copy lays itself out again, so lines wrap where they do on screen, at spaces.
 */
export const imageOptions = (root: HTMLElement) => ({
  bgcolor: '#ffffff',
  scale: 2,
  filterStyles: (node: Node, property: string) => node === root || !SIZES.has(property),
});

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

async function receiptPng(node: HTMLElement | null): Promise<string> {
  if (!node) throw new Error(M.receipt.elementNotFound);
  return domToImage.toPng(node, imageOptions(node));
}

/**
 * Renders the receipt element as a PNG and hands it to the Web Share API where the browser can
 * share files, else downloads it as RECEIPT_FILE_NAME. Rejects when there is no element, when
 * rendering fails or when sharing is refused or cancelled.
 */
export async function saveReceipt(node: HTMLElement | null): Promise<void> {
  const dataUrl = await receiptPng(node);
  const file = pngFile(dataUrl);
  if (navigator.canShare?.({ files: [file] })) {
    await navigator.share({ files: [file] });
  } else {
    download(dataUrl);
  }
}

/** Renders the receipt element as a PNG and downloads it as RECEIPT_FILE_NAME, never through the share sheet. */
export async function downloadReceipt(node: HTMLElement | null): Promise<void> {
  download(await receiptPng(node));
}
