/**
 * A first-in first-out queue of links that holds each link once, taken in constant time: a
 * training reads hundreds of links per page, and re-queuing and shifting arrays made collecting
 * pages quadratic in the links seen.
 */
export class LinkQueue {
  private readonly links: string[] = [];
  private readonly held = new Set<string>();
  private head = 0;

  constructor(links: Iterable<string> = []) {
    for (const link of links) this.push(link);
  }

  get size(): number {
    return this.links.length - this.head;
  }

  push(link: string): void {
    if (this.held.has(link)) return;
    this.held.add(link);
    this.links.push(link);
  }

  shift(): string | undefined {
    if (this.head >= this.links.length) return undefined;
    const link = this.links[this.head] as string;
    this.head++;
    return link;
  }
}
