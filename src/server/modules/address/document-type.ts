/** The type of an uploaded document, read from its first bytes (its name and declared type are not believed). */
import type { DocumentType } from './address.tables';

const SIGNATURES: Array<{ type: DocumentType; bytes: number[] }> = [
  // '%PDF-'
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // PNG's eight-byte signature
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // JPEG: start of image, then a marker
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** PDF, PNG or JPEG by content; null for anything else. */
export function documentTypeOf(content: Uint8Array): DocumentType | null {
  const match = SIGNATURES.find(({ bytes }) => content.length >= bytes.length && bytes.every((byte, i) => content[i] === byte));
  return match?.type ?? null;
}
