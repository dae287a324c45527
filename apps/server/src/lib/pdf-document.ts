import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// The one place PDFs are made (receipts and statements, docs/decisions/066-receipts-as-pdf.md):
// pdfkit, with Noto Sans JP embedded so that Japanese text and names render whatever the
// document's language. pdfkit embeds only the glyphs a document uses (a subset), so a receipt
// stays a few kilobytes although the font file is 5 MB.

const require = createRequire(import.meta.url);

/** Noto Sans JP (SIL Open Font License), regular and bold, as the npm package ships them. */
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
} as const;

export type PdfFontWeight = keyof typeof FONT_FILES;

let fonts: Record<PdfFontWeight, Buffer> | undefined;

/** Read once, on the first PDF: the files are 5 MB each, and every PDF needs them. */
function fontBytes(): Record<PdfFontWeight, Buffer> {
  fonts ??= {
    regular: readFileSync(require.resolve(FONT_FILES.regular)),
    bold: readFileSync(require.resolve(FONT_FILES.bold)),
  };
  return fonts;
}

/** A row of two texts: the label on the left, the amount flush right. */
export type PdfRow = { label: string; value: string; bold?: boolean };

/** What a document is drawn with: headings, paragraphs, label–amount rows, rules. */
export class PdfWriter {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  title(text: string): this {
    this.doc.font('bold').fontSize(18).text(text);
    this.doc.moveDown(0.5);
    return this;
  }

  heading(text: string): this {
    this.doc.moveDown(0.6);
    this.doc.font('bold').fontSize(12).text(text);
    this.doc.moveDown(0.2);
    return this;
  }

  text(text: string, options: { small?: boolean; bold?: boolean } = {}): this {
    this.doc
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(options.small ? 9 : 10.5)
      .text(text, { width: this.width });
    return this;
  }

  row({ label, value, bold }: PdfRow): this {
    const doc = this.doc.font(bold ? 'bold' : 'regular').fontSize(10.5);
    const valueWidth = Math.min(160, doc.widthOfString(value) + 4);
    const labelWidth = this.width - valueWidth - 12;
    // Label and amount share a line: a row that would not fit starts the next page, or pdfkit
    // would break the label onto it and leave the amount behind.
    const height = doc.heightOfString(label, { width: labelWidth });
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const left = doc.page.margins.left;
    const y = doc.y;
    doc.text(label, left, y, { width: labelWidth });
    const after = doc.y;
    doc.text(value, left + this.width - valueWidth, y, { width: valueWidth, align: 'right' });
    doc.x = left;
    doc.y = Math.max(after, doc.y);
    return this;
  }

  rule(): this {
    const doc = this.doc;
    const y = doc.y + 4;
    doc
      .moveTo(doc.page.margins.left, y)
      .lineTo(doc.page.margins.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y = y + 6;
    return this;
  }

  space(lines = 0.5): this {
    this.doc.moveDown(lines);
    return this;
  }
}

/**
 * A PDF drawn by `draw`, as bytes. `title` and `language` go into the document's metadata (the
 * title is what a reader's window shows; the language is what screen readers read it in).
 */
export async function renderPdf(
  meta: { title: string; language: string; author: string },
  draw: (writer: PdfWriter) => void,
): Promise<Buffer> {
  const bytes = fontBytes();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: meta.language,
    displayTitle: true,
    info: { Title: meta.title, Author: meta.author },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', bytes.regular);
  doc.registerFont('bold', bytes.bold);
  doc.font('regular');
  draw(new PdfWriter(doc));
  doc.end();
  return done;
}
