/**
 * robots.txt as RFC 9309 defines it: groups of user-agent lines with their allow/disallow rules,
 * longest-match evaluation with `*` and a trailing `$`, plus the Crawl-delay and Sitemap extensions.
 */

interface RobotsRule {
  allow: boolean;
  pattern: string;
}

interface RobotsGroup {
  agents: string[];
  rules: RobotsRule[];
  crawlDelaySeconds: number | null;
}

/** The rules that apply to one crawler: answers whether a path may be fetched. */
export class RobotsRules {
  constructor(
    private readonly rules: readonly RobotsRule[],
    /** Seconds to wait between requests, when the matching group says so. */
    readonly crawlDelaySeconds: number | null = null,
  ) {}

  static allowAll(): RobotsRules {
    return new RobotsRules([]);
  }

  static disallowAll(): RobotsRules {
    return new RobotsRules([{ allow: false, pattern: '/' }]);
  }

  /** `pathAndQuery` as in a request line: `/path?query`, percent-encoded or not. */
  isAllowed(pathAndQuery: string): boolean {
    const path = normaliseOctets(pathAndQuery || '/');
    if (path === '/robots.txt') return true;
    let best: RobotsRule | null = null;
    for (const rule of this.rules) {
      if (!patternMatches(rule.pattern, path)) continue;
      const longer = best === null || rule.pattern.length > best.pattern.length;
      const tieWonByAllow = best !== null && rule.pattern.length === best.pattern.length && rule.allow;
      if (longer || tieWonByAllow) best = rule;
    }
    return best?.allow ?? true;
  }
}

export class RobotsTxt {
  private constructor(
    private readonly groups: readonly RobotsGroup[],
    /** Sitemap URLs as written (possibly relative); resolve them against the robots.txt URL. */
    readonly sitemaps: readonly string[],
  ) {}

  static parse(text: string): RobotsTxt {
    const groups: RobotsGroup[] = [];
    const sitemaps: string[] = [];
    let current: RobotsGroup | null = null;
    let collectingAgents = false;
    for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
      const line = rawLine.replace(/#.*$/, '').trim();
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const key = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (key === 'user-agent' || key === 'useragent' || key === 'user agent') {
        if (current === null || !collectingAgents) {
          current = { agents: [], rules: [], crawlDelaySeconds: null };
          groups.push(current);
        }
        current.agents.push(agentToken(value));
        collectingAgents = true;
      } else if (key === 'sitemap') {
        if (value) sitemaps.push(value);
      } else if (key === 'allow' || key === 'disallow') {
        collectingAgents = false;
        // An empty Disallow means "nothing is disallowed": it adds no rule.
        if (current && value) current.rules.push({ allow: key === 'allow', pattern: normaliseOctets(value) });
      } else if (key === 'crawl-delay') {
        collectingAgents = false;
        const seconds = Number(value);
        if (current && value && Number.isFinite(seconds) && seconds >= 0) current.crawlDelaySeconds = seconds;
      }
    }
    return new RobotsTxt(groups, sitemaps);
  }

  /**
   * Merges every group naming the crawler's product token (case-insensitive); without one, every
   * `*` group; without either, everything is allowed.
   */
  rulesFor(productToken: string): RobotsRules {
    const token = agentToken(productToken);
    let matching = this.groups.filter((group) => group.agents.includes(token));
    if (matching.length === 0) matching = this.groups.filter((group) => group.agents.includes('*'));
    const delays = matching.flatMap((group) =>
      group.crawlDelaySeconds === null ? [] : [group.crawlDelaySeconds],
    );
    return new RobotsRules(
      matching.flatMap((group) => group.rules),
      delays.length > 0 ? Math.max(...delays) : null,
    );
  }
}

// RFC 9309 matches user-agent lines on the product token: the leading letters, `_` and `-`.
function agentToken(value: string): string {
  if (value.startsWith('*')) return '*';
  return (/^[A-Za-z_-]+/.exec(value)?.[0] ?? value).toLowerCase();
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Brings a rule pattern or a request path to one form so they compare octet by octet: characters
 * outside printable ASCII become UTF-8 percent-escapes, escapes are upper-cased, and escapes of
 * unreserved characters are decoded (`%7E` and `~` are the same octet to a server).
 */
function normaliseOctets(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const char = value[i] as string;
    if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) {
      const decoded = String.fromCharCode(Number.parseInt(value.slice(i + 1, i + 3), 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${value.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else if (char.charCodeAt(0) > 0x20 && char.charCodeAt(0) < 0x7f) {
      out += char;
    } else {
      const codePoint = value.codePointAt(i) ?? 0;
      const character = String.fromCodePoint(codePoint);
      i += character.length - 1;
      for (const byte of Buffer.from(character, 'utf8'))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

/**
 * Whether the pattern matches a prefix of the path (the whole path when it ends in `$`). Greedy
 * leftmost matching of the `*`-separated pieces is exact for this pattern language and linear in
 * practice, unlike a regular expression that could backtrack on hostile patterns.
 */
function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = pieces[0] ?? '';
  if (pieces.length === 1) return anchored ? path === first : path.startsWith(first);
  if (!path.startsWith(first)) return false;
  let position = first.length;
  const last = pieces[pieces.length - 1] ?? '';
  for (const piece of pieces.slice(1, -1)) {
    const found = path.indexOf(piece, position);
    if (found < 0) return false;
    position = found + piece.length;
  }
  if (!anchored) return path.indexOf(last, position) >= 0;
  return path.length - last.length >= position && path.endsWith(last);
}
