import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** The files of swagger-ui-dist the docs page embeds: the whole UI in one script and its styles. */
export const DOCS_ASSETS = { script: 'swagger-ui-bundle.js', styles: 'swagger-ui.css' } as const;

/** Where npm installs them, relative to the repository root; the CDK copies them beside the bundle. */
export const DOCS_ASSET_PATHS: readonly string[] = Object.values(DOCS_ASSETS).map(
  (file) => `node_modules/swagger-ui-dist/${file}`,
);

/**
 * An asset's text: beside the module first, which in Lambda is the esbuild bundle with the assets
 * copied next to it (there is no node_modules there), otherwise from the installed package.
 */
export async function readDocsAsset(file: string): Promise<string> {
  try {
    return await readFile(new URL(`./${file}`, import.meta.url), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return readFile(createRequire(import.meta.url).resolve(`swagger-ui-dist/${file}`), 'utf8');
  }
}
