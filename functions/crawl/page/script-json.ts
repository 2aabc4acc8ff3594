import type { Element } from 'domhandler';
import { parseLenient } from './read-json-ld.ts';
import type { Page } from './read-page.ts';
import { textOf } from './text-of.ts';

/** State objects shops assign in inline scripts for their own front end. */
const STATE_ASSIGNMENT =
  /(__INITIAL_STATE__|__PRELOADED_STATE__|__APP_STATE__|__PRODUCT_STATE__|ShopifyAnalytics\.meta|\bvar meta)\s*=\s*(?=\{)/g;
/** Scripts larger than this are app bundles, not product state. */
const MAX_SCRIPT = 2_000_000;

/** The page's inline scripts, gathered once for every reader of embedded data. */
export function inlineScripts(page: Page): Element[] {
  return (page.$('script').toArray() as Element[]).filter((script) => script.attribs.src === undefined);
}

/** JSON the given `<script type="application/json">` elements carry, parsed leniently. */
export function jsonScripts(scripts: readonly Element[]): unknown[] {
  return scripts
    .map((script) => textOf(script))
    .filter((text) => text.length <= MAX_SCRIPT)
    .map((text) => parseLenient(text))
    .filter((value) => value !== undefined);
}

/**
 * Objects inline scripts assign to a state variable (`window.__INITIAL_STATE__ = {…}`,
 * `var meta = {product: …}`, `ShopifyAnalytics.meta = {…}`), by name.
 */
export function assignedState(scripts: readonly Element[]): { name: string; value: unknown }[] {
  const found: { name: string; value: unknown }[] = [];
  for (const script of scripts) {
    const type = script.attribs.type;
    if (type !== undefined && !/javascript/i.test(type)) continue;
    const text = textOf(script);
    if (text.length > MAX_SCRIPT) continue;
    for (const match of text.matchAll(STATE_ASSIGNMENT)) {
      const literal = objectLiteralAt(text, (match.index ?? 0) + match[0].length);
      const value = literal === null ? undefined : parseLenient(literal);
      if (value !== undefined) found.push({ name: match[1] as string, value });
    }
  }
  return found;
}

/** The balanced `{…}` starting at `start`, strings respected; null when it never closes. */
function objectLiteralAt(text: string, start: number): string | null {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}
