/** The peers of the extraction bench ship no types; these are the parts the bench calls. */
declare module '@marbec/web-auto-extractor' {
  type Nodes = Record<string, Record<string, unknown>[]>;
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: boolean });
    parse(html: string): { jsonld: Nodes; microdata: Nodes; rdfa: Nodes; metatags: Record<string, string[]> };
  }
}
declare module 'parse-price' {
  export default function parsePrice(text: string): number;
}
