/**
 * Run in the rendered page (hence a string: it is evaluated in the browser, not in Node): removes
 * cookie and consent overlays, then answers the page's HTML. The product data behind an overlay is
 * in the DOM already; removing the overlay keeps its headings, buttons and legal text from being
 * read as the page's own (an overlay's heading is often the first on the page).
 *
 * An overlay is a dialog, a modal or a fixed box, or an element its site names as a cookie or
 * consent banner, whose text speaks of cookies, consent or privacy; it is removed only when it does
 * not hold the page's main content (a wrapper that holds a product heading stays).
 */
export const removeConsentOverlays = `(() => {
  const words = /cookie|consent|privacy|gdpr|datenschutz|souhlas|rgpd|tracking/i;
  const named = '[role=dialog],[role=alertdialog],[aria-modal=true],[id*=cookie i],[class*=cookie i],[id*=consent i],[class*=consent i],[id*=gdpr i],[class*=gdpr i],[id*=cmp i]';
  const candidates = new Set(document.querySelectorAll(named));
  const all = document.body ? document.body.getElementsByTagName('*') : [];
  for (let i = 0; i < all.length && i < 5000; i++) {
    const position = getComputedStyle(all[i]).position;
    if (position === 'fixed' || position === 'sticky') candidates.add(all[i]);
  }
  for (const element of candidates) {
    if (!element.isConnected || element === document.body) continue;
    const text = (element.textContent || '').slice(0, 5000);
    const label = (element.id || '') + ' ' + (typeof element.className === 'string' ? element.className : '');
    if (!words.test(text) && !words.test(label)) continue;
    if (element.querySelector('[itemtype*="Product" i], script[type="application/ld+json"], main, article')) continue;
    element.remove();
  }
  if (document.body) document.body.style.overflow = '';
  const doctype = document.doctype ? '<!DOCTYPE ' + document.doctype.name + '>' : '';
  return doctype + document.documentElement.outerHTML;
})()`;
