import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Text kept encrypted in the table (a project's proxy URL with its password): AES-256-GCM under a
 * key derived from a service secret, bound to the item it belongs to (`context`, e.g. the project
 * id), so a sealed value copied to another item does not open there. Format:
 * `v1.<iv>.<ciphertext>.<tag>`, each base64url.
 */
const VERSION = 'v1';

function keyOf(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', `product-data:${purpose}`, 32));
}

export function sealText(secret: string, purpose: string, context: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The sealed text, or null when it was sealed under another key or for another context. */
export function openText(secret: string, purpose: string, context: string, sealed: string): string | null {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
