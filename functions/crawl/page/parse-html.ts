import type { Document } from 'domhandler';
import { DomHandler, Parser } from 'htmlparser2';
import { checkDeadline, PAGE_LIMITS, PageLimitExceeded } from './page-limits.ts';

/**
 * Builds the document as htmlparser2's `parseDocument` does (cheerio/slim's parser), refusing a
 * page past PAGE_LIMITS as soon as it gets there: the parser keeps its open elements in an array it
 * shifts at each opening tag, so its cost grows with depth times elements, and a page of 400,000
 * nested elements would hold the worker for minutes.
 */
class LimitedHandler extends DomHandler {
  private elements = 0;
  private depthTotal = 0;

  constructor(private readonly deadline: number) {
    super();
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    if (this.tagStack.length > PAGE_LIMITS.maxDepth)
      throw new PageLimitExceeded(`the page nests elements over ${PAGE_LIMITS.maxDepth} deep`);
    if (++this.elements > PAGE_LIMITS.maxElements)
      throw new PageLimitExceeded(`the page has over ${PAGE_LIMITS.maxElements} elements`);
    this.depthTotal += this.tagStack.length;
    if (this.depthTotal > PAGE_LIMITS.maxDepthTotal)
      throw new PageLimitExceeded('the page nests too many elements too deep');
    if (this.elements % 4096 === 0) checkDeadline(this.deadline);
    super.onopentag(name, attribs);
  }
}

export function parseHtml(html: string, deadline: number): Document {
  const handler = new LimitedHandler(deadline);
  new Parser(handler).end(html);
  return handler.root;
}
