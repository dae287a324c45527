import { inflateSync } from 'node:zlib';

/**
 * What a PDF says, for tests: its uncompressed objects with every Flate stream inflated (the
 * fonts' ToUnicode maps among them), and the Unicode text those maps can write.
 */
export function pdfContents(bytes: Buffer): { raw: string; unicode: Set<string> } {
  const latin = bytes.toString('latin1');
  const parts: string[] = [latin];
  const stream = /stream\r?\n/g;
  for (let match = stream.exec(latin); match; match = stream.exec(latin)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    try {
      parts.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a Flate stream (or the font program itself): nothing to read in it.
    }
  }
  const raw = parts.join('\n');
  // ToUnicode maps name each glyph's text as hex UTF-16: `<0001> <9818>`.
  const unicode = new Set<string>();
  for (const m of raw.matchAll(/<([0-9a-fA-F]{4,})>/g)) {
    const hex = m[1] ?? '';
    if (hex.length % 4 !== 0) continue;
    const units: number[] = [];
    for (let i = 0; i < hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
    unicode.add(String.fromCharCode(...units));
  }
  return { raw, unicode };
}

/** Whether every character of `text` is one the PDF's embedded fonts can write. */
export function pdfCanWrite(bytes: Buffer, text: string): boolean {
  const { unicode } = pdfContents(bytes);
  return [...text].every((ch) => ch.trim() === '' || unicode.has(ch));
}
