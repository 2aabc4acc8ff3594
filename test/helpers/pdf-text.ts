import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFPage,
  PDFRawStream,
} from 'pdf-lib';

/**
 * The strings a page shows: its content streams inflated, each hex text operand mapped back to
 * Unicode through the ToUnicode CMap of the font selected for it (pdf-lib writes one for every
 * embedded font, whose text operands are glyph ids).
 */
export function pageText(page: PDFPage): string[] {
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const texts: string[] = [];
  for (const ref of refs) {
    const stream = page.doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const source = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
    let toUnicode = new Map<string, string>();
    for (const [, fontName, hex] of source.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (fontName !== undefined) {
        toUnicode = unicodeMap(fonts?.lookup(PDFName.of(fontName), PDFDict), page);
        continue;
      }
      const glyphs = (hex ?? '').match(/.{4}/g) ?? [];
      texts.push(glyphs.map((glyph) => toUnicode.get(glyph.toLowerCase()) ?? '\uFFFD').join(''));
    }
  }
  return texts;
}

/** Glyph id (4 hex digits) to text, from the `bfchar` entries of a font's ToUnicode CMap. */
function unicodeMap(font: PDFDict | undefined, page: PDFPage): Map<string, string> {
  const cmap = font && page.doc.context.lookup(font.get(PDFName.of('ToUnicode')));
  if (!(cmap instanceof PDFRawStream)) throw new Error('The font has no ToUnicode map to read its text by');
  const source = new TextDecoder('latin1').decode(decodePDFRawStream(cmap).decode());
  const map = new Map<string, string>();
  const entries = [...source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)]
    .map(([, block]) => block)
    .join('\n');
  for (const [, glyph = '', unicode = ''] of entries.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
    const units = (unicode.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16));
    map.set(glyph.toLowerCase(), String.fromCharCode(...units));
  }
  return map;
}

/** A PDF parsed with pdf-lib, with the text of all its pages. */
export async function readPdf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  return { pdf, text: pdf.getPages().flatMap(pageText) };
}
