import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The TrueType fonts invoices embed: DejaVu Sans covers the Czech letters (and most others) the
 * standard PDF fonts lack, and its license allows embedding.
 */
export const INVOICE_FONTS = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

/** Where npm installs them, relative to the repository root; the CDK copies them beside the bundle. */
export const INVOICE_FONT_PATHS: readonly string[] = Object.values(INVOICE_FONTS).map(
  (file) => `node_modules/dejavu-fonts-ttf/ttf/${file}`,
);

/**
 * A font's bytes: beside the module first, which in Lambda is the esbuild bundle with the fonts
 * copied next to it (there is no node_modules there), otherwise from the installed package.
 */
export async function readInvoiceFont(file: string): Promise<Uint8Array> {
  try {
    return await readFile(new URL(`./${file}`, import.meta.url));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return readFile(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`));
  }
}
