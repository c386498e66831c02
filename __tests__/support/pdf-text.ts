import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The text of a PDF, page by page, as pdf-parse reads it. */
export interface PdfText {
  /** Pages in the document. */
  total: number;
  /** Each page's text, in order. */
  pages: string[];
}

const ROOT = path.join(__dirname, '..', '..');

// pdf-parse runs pdf.js, whose worker is loaded with a dynamic import(), which Jest's CommonJS
// runtime refuses: the PDF is read by the library in a Node process of its own.
const SCRIPT = `
import { PDFParse } from 'pdf-parse';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
const result = await parser.getText();
await parser.destroy();
process.stdout.write(JSON.stringify({ total: result.total, pages: result.pages.map((page) => page.text) }));
`;

/** Reads a PDF's text with pdf-parse; throws when it is not a PDF pdf-parse can read. */
export function pdfText(pdf: Buffer): PdfText {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: ROOT, input: pdf, encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`pdf-parse could not read the PDF (exit ${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as PdfText;
}
