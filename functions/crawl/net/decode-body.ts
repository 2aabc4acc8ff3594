/** How far into a document a `<meta charset>` or XML declaration is looked for. */
const PRESCAN_BYTES = 4096;

const BOMS: ReadonlyArray<[string, number[]]> = [
  ['utf-8', [0xef, 0xbb, 0xbf]],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
];

/**
 * The character encoding of a text body, as a browser would pick it: a byte-order mark, then the
 * Content-Type charset, then `<meta charset>` / `http-equiv` or an XML declaration. Null when none
 * of them names an encoding TextDecoder knows.
 */
function detectCharset(bytes: Uint8Array, contentType: string | null): string | null {
  for (const [charset, mark] of BOMS) {
    if (mark.every((byte, index) => bytes[index] === byte)) return charset;
  }
  const fromHeader = supported(/charset\s*=\s*["']?([^\s"';,]+)/i.exec(contentType ?? '')?.[1]);
  if (fromHeader) return fromHeader;
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PRESCAN_BYTES)).toString(
    'latin1',
  );
  const declared =
    /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1] ??
    /^\s*<\?xml\b[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1];
  const fromDocument = supported(declared);
  // A document that could be read far enough to find its declaration is ASCII-compatible, so a
  // declared UTF-16 is wrong (the HTML standard reads it as UTF-8).
  if (fromDocument?.startsWith('utf-16')) return 'utf-8';
  // A template's stale `<meta charset>` lies about bytes that are UTF-8: legacy text with bytes
  // above 0x7f is almost never valid UTF-8 by chance.
  if (fromDocument && fromDocument !== 'utf-8' && isMultibyteUtf8(bytes)) return 'utf-8';
  return fromDocument;
}

function isMultibyteUtf8(bytes: Uint8Array): boolean {
  if (!bytes.some((byte) => byte >= 0x80)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function supported(label: string | undefined): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/**
 * Decodes a body with its detected encoding. Without one, UTF-8 is tried strictly and windows-1252
 * taken when the bytes are not valid UTF-8 (the usual legacy default of undeclared pages).
 */
export function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  const charset = detectCharset(bytes, contentType);
  if (charset) return new TextDecoder(charset).decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
