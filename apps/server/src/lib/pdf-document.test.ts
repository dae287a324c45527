import { describe, expect, it } from 'vitest';
import { pdfCanWrite, pdfContents } from '../testing/pdf-contents';
import { renderPdf } from './pdf-document';

const meta = { title: 'Test', language: 'ja', author: 'Atelier' };
const pages = (bytes: Buffer) => pdfContents(bytes).raw.match(/\/Type \/Page\b/g)?.length ?? 0;

describe('PDFs (docs/decisions/066-receipts-as-pdf.md)', () => {
  it('write Japanese and Latin text with Noto Sans JP cut to the glyphs used', async () => {
    const bytes = await renderPdf(meta, (pdf) => {
      pdf.title('領収書').text('アトリエ美術学校 Atelier').row({ label: '合計', value: '$270.90' });
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfCanWrite(bytes, '領収書 アトリエ美術学校 Atelier 合計 $270.90')).toBe(true);
    // A glyph the document does not use is not in it: the font was subset.
    expect(pdfCanWrite(bytes, '猫')).toBe(false);
    expect(bytes.length).toBeLessThan(60_000);
  });

  it('start a new page for a row that does not fit, however many rows there are', async () => {
    const bytes = await renderPdf(meta, (pdf) => {
      for (let i = 0; i < 150; i += 1) pdf.row({ label: `Entry ${i}`, value: `$${i}.00` });
    });
    expect(pages(bytes)).toBeGreaterThan(2);
  });
});
