/**
 * Markers that anti-bot vendors put on their challenge pages (Cloudflare, DataDome, PerimeterX,
 * Imperva, SiteGround, AWS WAF). Any one of them means the page is the challenge, not the shop's.
 */
const VENDOR_MARKERS = [
  /\bcf-chl-|_cf_chl_opt|\/cdn-cgi\/challenge-platform\//i,
  /captcha-delivery\.com|\bdd_captcha\b/i,
  /\bpx-captcha\b|\/_px\w*\/captcha/i,
  /_Incapsula_Resource|\bincapsula incident\b/i,
  /\bsgcaptcha\b/i,
  /awswaf\.com|\bAwsWafIntegration\b/i,
];

/**
 * Titles of challenge and refusal pages. A shop's own page may carry a captcha widget (a review
 * form, a login box), so a title only counts on a short page, which a product page seldom is.
 */
const CHALLENGE_TITLE =
  /<title[^>]*>[^<]*\b(just a moment|attention required|access denied|are you a (human|robot)|verify(ing)? (that )?you are (a )?human|security check|captcha|bot detection|request blocked|pardon our interruption)\b/i;
const SHORT_PAGE_CHARS = 64 * 1024;

/**
 * Whether a shop's answer is a bot wall rather than the page: a 403, or a 200 page of a challenge or
 * captcha. Read on the final answer after retries; the caller retries a wall once later.
 */
export function isBotWall(status: number | null, body: string): boolean {
  if (status === 403) return true;
  if (status === null || status < 200 || status >= 300 || body === '') return false;
  if (VENDOR_MARKERS.some((marker) => marker.test(body))) return true;
  return body.length <= SHORT_PAGE_CHARS && CHALLENGE_TITLE.test(body);
}
