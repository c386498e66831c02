/**
 * A statement as PDF (spec-next §E), written by pdfkit as the rows are read: the customer's name,
 * the wallet and the period on top, then the same rows as the CSV (opening balance, the items, the
 * closing balance) in a table whose head is repeated on every page (each cell whole: a long one wraps
 * within its column and its row grows), the totals at the end, and
 * 'Page N' at the foot of each page. A page is sent as soon as it is full (pdfkit keeps only the
 * page being written), and the next rows are read only when the reply has taken what was written.
 *
 * Text is set in DejaVu Sans Condensed (regular and bold, from the dejavu-fonts-ttf package),
 * embedded as subsets of the letters used: customers' names keep every letter (Yoruba's dots below,
 * accents, the naira sign, Greek, Cyrillic). A character the font has no glyph for (CJK, say) is
 * written '?', a line break or tab as a space. Amounts carry no currency sign (the heading names
 * the currency).
 */
import { readFileSync } from 'node:fs';
import type PDFDocument from 'pdfkit';
import { Readable } from 'node:stream';
import { formatMinor } from '../../../shared/money';
import { PRODUCT_NAME } from '../../../shared/product';
import type { StatementContent, StatementRow } from './statement-content';

const REGULAR = 'Body';
const BOLD = 'Body-Bold';
const FONT_FILES = {
  [REGULAR]: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  [BOLD]: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
} as const;

/** The font files, read once (with the first statement). */
let fontFiles: Record<keyof typeof FONT_FILES, Buffer> | undefined;
const fontData = () =>
  (fontFiles ??= {
    [REGULAR]: readFileSync(require.resolve(FONT_FILES[REGULAR])),
    [BOLD]: readFileSync(require.resolve(FONT_FILES[BOLD])),
  });

/** Whether the font has a glyph for a code point. */
type GlyphTest = (codePoint: number) => boolean;

/** Text the font can show on one line: line breaks and tabs as spaces, a character it has no glyph for as '?'. */
export function pdfText(text: string, hasGlyph: GlyphTest = () => true): string {
  let out = '';
  for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    out += code < 0x20 || !hasGlyph(code) ? '?' : char;
  }
  return out;
}

const MARGIN = 36;
const FONT_SIZE = 6.5;
const ROW_HEIGHT = 14;
const FOOTER_SPACE = 28;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** A4 landscape: 842 − 2 × 36 = 770 points across, 6.5 pt: dates, references (the widest hex), types and amounts (a single one up to 1,000,000,000.00 converted, a balance up to the ceiling, bold) fit whole. */
const COLUMNS: Column[] = [
  { title: 'Date', width: 69, align: 'left' },
  { title: 'Reference', width: 87, align: 'left' },
  { title: 'Type', width: 122, align: 'left' },
  { title: 'Description', width: 133, align: 'left' },
  { title: 'Counterparty', width: 132, align: 'left' },
  { title: 'Debit', width: 72, align: 'right' },
  { title: 'Credit', width: 72, align: 'right' },
  { title: 'Balance after', width: 83, align: 'right' },
];
const CELL_PADDING = 3;

const money = (minor: bigint): string => formatMinor(minor);

type Doc = InstanceType<typeof PDFDocument>;

/** The current font's glyph test (pdfkit's embedded font wraps a fontkit font, which can tell). */
function glyphsOf(doc: Doc): GlyphTest {
  const font = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?: GlyphTest } } })._font?.font;
  const has = font?.hasGlyphForCodePoint;
  return has ? (codePoint) => has.call(font, codePoint) : () => true;
}

const CELL_TOP = 3.5;

/** The cells' texts as the font can show them, and the options each is written with. */
function cellsOf(doc: Doc, cells: string[], bold: boolean) {
  doc.font(bold ? BOLD : REGULAR).fontSize(FONT_SIZE);
  const hasGlyph = glyphsOf(doc);
  return COLUMNS.map((column, index) => ({
    text: pdfText(cells[index] ?? '', hasGlyph),
    options: { width: column.width - 2 * CELL_PADDING, align: column.align },
  }));
}

/** How high a table row is: one line, or as many as its longest cell wraps to (a long e-mail address, say). */
function rowHeight(doc: Doc, cells: string[], bold = false): number {
  const tallest = Math.max(...cellsOf(doc, cells, bold).map(({ text, options }) => doc.heightOfString(text, options)));
  return Math.max(ROW_HEIGHT, Math.ceil(tallest + 2 * CELL_TOP));
}

/** Writes one table row: every cell whole, wrapped within its column (a word wider than it is broken). */
function line(doc: Doc, y: number, cells: string[], bold = false): void {
  let x = MARGIN;
  cellsOf(doc, cells, bold).forEach(({ text, options }, index) => {
    doc.text(text, x + CELL_PADDING, y + CELL_TOP, options);
    x += COLUMNS[index].width;
  });
}

const rowCells = (row: StatementRow): string[] => [
  row.date,
  row.reference,
  row.type,
  row.description,
  row.counterparty,
  row.debit === 0n ? '' : money(row.debit),
  row.credit === 0n ? '' : money(row.credit),
  money(row.balanceAfter),
];

const balanceCells = (day: string, label: string, balance: bigint): string[] => [day, '', label, '', '', '', '', money(balance)];

/** Lays out the pages: heading, table head on each page, rows, totals, page numbers. */
class StatementLayout {
  private page = 0;
  private y = 0;

  constructor(
    private readonly doc: Doc,
    private readonly content: StatementContent,
  ) {}

  private get bottom(): number {
    return this.doc.page.height - MARGIN - FOOTER_SPACE;
  }

  /** A new page: its number at the foot, the table's head at the top (unless only the totals follow). */
  newPage(tableHead = true): void {
    if (this.page > 0) this.doc.addPage();
    this.page += 1;
    const { doc } = this;
    const footerY = doc.page.height - MARGIN - 10;
    doc.font(REGULAR).fontSize(8).fillColor('#555555');
    doc.text(`${PRODUCT_NAME} statement, ${this.content.heading.currency} wallet`, MARGIN, footerY, { lineBreak: false });
    doc.text(`Page ${this.page}`, MARGIN, footerY, { width: doc.page.width - 2 * MARGIN, align: 'right', lineBreak: false });
    doc.fillColor('#000000');
    this.y = this.page === 1 ? this.heading() : MARGIN;
    if (tableHead) this.tableHead();
  }

  private heading(): number {
    const { doc } = this;
    const { heading } = this.content;
    doc.font(BOLD).fontSize(16).text(`${PRODUCT_NAME} statement`, MARGIN, MARGIN, { lineBreak: false });
    doc.font(REGULAR).fontSize(10);
    const lines = [
      `Customer: ${heading.customerName}`,
      `Wallet: ${heading.currency}`,
      `Period: ${heading.from} to ${heading.to} (days in ${heading.timezone})`,
      `Generated: ${heading.generatedAt.slice(0, 16).replace('T', ' ')} UTC`,
    ];
    let y = MARGIN + 24;
    for (const text of lines) {
      doc.text(pdfText(text, glyphsOf(doc)), MARGIN, y, { width: doc.page.width - 2 * MARGIN, lineBreak: false });
      y += 14;
    }
    return y + 8;
  }

  private tableHead(): void {
    const { doc } = this;
    doc.rect(MARGIN, this.y, doc.page.width - 2 * MARGIN, ROW_HEIGHT).fill('#e8edf3');
    doc.fillColor('#000000');
    line(doc, this.y, COLUMNS.map((column) => column.title), true);
    this.y += ROW_HEIGHT;
  }

  /** One row of the table, on a new page when this one is full. */
  row(cells: string[], bold = false): void {
    const height = rowHeight(this.doc, cells, bold);
    if (this.y + height > this.bottom) this.newPage();
    line(this.doc, this.y, cells, bold);
    this.y += height;
    this.doc.moveTo(MARGIN, this.y).lineTo(this.doc.page.width - MARGIN, this.y).lineWidth(0.3).strokeColor('#cccccc').stroke();
  }

  /** The totals under the table (on a new page if they do not fit). */
  totals(credits: bigint, debits: bigint): void {
    const { doc } = this;
    const { heading } = this.content;
    const lines: [string, string][] = [
      ['Opening balance', money(heading.opening)],
      ['Total credits', money(credits)],
      ['Total debits', money(debits)],
      ['Closing balance', money(heading.closing)],
    ];
    const height = 12 + lines.length * 14;
    if (this.y + height > this.bottom) this.newPage(false);
    let y = this.y + 12;
    const width = 260;
    const x = doc.page.width - MARGIN - width;
    for (const [label, amount] of lines) {
      doc.font(label === 'Closing balance' ? BOLD : REGULAR).fontSize(9);
      doc.text(`${label} (${heading.currency})`, x, y, { width: 160, lineBreak: false });
      doc.text(amount, x + 160, y, { width: width - 160, align: 'right', lineBreak: false });
      y += 14;
    }
    this.y = y;
  }
}

/**
 * Writes the document as it is read: nothing before the first read, then rows while the reader
 * has room (its buffer below the high-water mark); past it, the next rows wait for the reader's
 * next read. Memory holds the page being written and a buffer of output, whatever the period.
 */
export function pdfStatement(content: StatementContent): Readable {
  const { heading } = content;
  let started = false;
  let full = false;
  /** The writer waiting for the reader's next read (or its going away). */
  let waiting: (() => void) | null = null;
  const wake = () => {
    const resume = waiting;
    waiting = null;
    resume?.();
  };
  const out = new Readable({
    read() {
      full = false;
      if (!started) {
        started = true;
        write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
      }
      wake();
    },
    destroy(error, callback) {
      wake();
      callback(error);
    },
  });

  /**
   * pdfkit is loaded with the first statement, not at the server's start: requiring it (its fonts'
   * tables) took about 115 ms, a tenth of the cold start.
   */
  async function openDocument(): Promise<Doc> {
    const { default: PdfKit } = await import('pdfkit');
    const doc = new PdfKit({
      size: 'A4',
      layout: 'landscape',
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      autoFirstPage: true,
      info: {
        Title: pdfText(`${PRODUCT_NAME} statement ${heading.currency} ${heading.from} to ${heading.to}`),
        Author: PRODUCT_NAME,
        Subject: pdfText(heading.customerName),
      },
    });
    const fonts = fontData();
    doc.registerFont(REGULAR, fonts[REGULAR]);
    doc.registerFont(BOLD, fonts[BOLD]);
    doc.font(REGULAR);
    doc.on('data', (chunk: Buffer) => {
      if (!out.destroyed && !out.push(chunk)) full = true;
    });
    doc.on('end', () => {
      if (!out.destroyed) out.push(null);
    });
    doc.on('error', (error: Error) => out.destroy(error));
    // The document flows only from the next turn after its 'data' listener (Readable's resume):
    // rows written before that would pile up in it, unseen by the backpressure above.
    await new Promise<void>((resolve) => setImmediate(resolve));
    return doc;
  }

  async function write(): Promise<void> {
    const doc = await openDocument();
    const layout = new StatementLayout(doc, content);
    layout.newPage();
    layout.row(balanceCells(heading.from, 'Opening balance', heading.opening), true);
    let credits = 0n;
    let debits = 0n;
    for await (const row of content.rows) {
      credits += row.credit;
      debits += row.debit;
      layout.row(rowCells(row));
      if (full) await new Promise<void>((resolve) => (waiting = resolve));
      // The reader went away (the client left): stop reading; leaving the loop closes the rows' reader.
      if (out.destroyed) return;
    }
    layout.row(balanceCells(heading.to, 'Closing balance', heading.closing), true);
    layout.totals(credits, debits);
    doc.end();
  }

  return out;
}
