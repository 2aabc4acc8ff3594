/** The peers of the extraction bench ship no types; these are the parts the bench calls. */
declare module '@samirrayani/metascraper-shopping' {
  import type { Rules } from 'metascraper';
  export default function metascraperShopping(): Rules;
}
declare module 'parse-price' {
  export default function parsePrice(text: string): number;
}
