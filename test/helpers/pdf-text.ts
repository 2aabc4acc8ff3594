import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, type PDFPage, PDFRawStream } from 'pdf-lib';

/** The strings a page shows: its content streams inflated, hex text operands decoded. */
export function pageText(page: PDFPage): string[] {
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  const texts: string[] = [];
  for (const ref of refs) {
    const stream = page.doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const source = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
    for (const [, hex = ''] of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      texts.push(new TextDecoder('windows-1252').decode(Buffer.from(hex, 'hex')));
    }
  }
  return texts;
}

/** A PDF parsed with pdf-lib, with the text of all its pages. */
export async function readPdf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  return { pdf, text: pdf.getPages().flatMap(pageText) };
}
