import { decodeEntities } from './decode-entities.ts';

export type JsonNode = Record<string, unknown>;

/** How deep JSON-LD is read; real product data nests a dozen levels at most. */
const MAX_DEPTH = 64;

/**
 * The JSON-LD nodes of a page: every script parsed leniently (HTML entities, trailing commas, raw
 * line breaks in strings, HTML comments around it), arrays and `@graph` flattened to their nodes,
 * entities in string values decoded. Broken scripts are skipped.
 */
export function readJsonLd(scripts: readonly string[]): JsonNode[] {
  const nodes: JsonNode[] = [];
  const add = (value: unknown, depth = 0): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) for (const item of value) add(item, depth + 1);
    else if (value && typeof value === 'object') {
      const node = value as JsonNode;
      if (Array.isArray(node['@graph'])) add(node['@graph'], depth + 1);
      if (node['@type'] !== undefined) nodes.push(node);
    }
  };
  for (const script of scripts) {
    const parsed = parseLenient(script);
    if (parsed !== undefined) add(decodeStrings(parsed));
  }
  return nodes;
}

/** One script's JSON, read as leniently as shops write it; undefined when even that fails. */
export function parseLenient(script: string): unknown {
  const text = script
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>$/g, '')
    .trim();
  for (const candidate of [text, repair(text), repair(decodeEntities(text))]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // the next, more forgiving reading follows
    }
  }
  return undefined;
}

/** Drops commas before a closing bracket and escapes raw control characters, outside and inside strings. */
function repair(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (inString) {
      if (char === '\\') {
        out += char + (text[i + 1] ?? '');
        i++;
      } else if (char === '"') {
        inString = false;
        out += char;
      } else if (char === '\n') out += '\\n';
      else if (char === '\r') out += '\\r';
      else if (char === '\t') out += '\\t';
      else out += char;
      continue;
    }
    if (char === '"') inString = true;
    if (char === ',') {
      const rest = /^\s*([}\]])/.exec(text.slice(i + 1, i + 64));
      if (rest) continue;
    }
    out += char;
  }
  return out;
}

/** Values nested deeper than MAX_DEPTH are dropped: no product is described that deep, and recursion must stay bounded. */
function decodeStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return decodeEntities(value);
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.map((item) => decodeStrings(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [key, decodeStrings(member, depth + 1)]),
    );
  }
  return value;
}
