/** Union-find over string keys, with path halving and union by size. */
export class DisjointSets {
  readonly #parent = new Map<string, string>();
  readonly #size = new Map<string, number>();

  /** The representative of the key's set; an unknown key starts a set of its own. */
  find(key: string): string {
    if (!this.#parent.has(key)) {
      this.#parent.set(key, key);
      this.#size.set(key, 1);
      return key;
    }
    let node = key;
    let parent = this.#parent.get(node) as string;
    while (parent !== node) {
      const grandparent = this.#parent.get(parent) as string;
      this.#parent.set(node, grandparent);
      node = grandparent;
      parent = this.#parent.get(node) as string;
    }
    return node;
  }

  union(a: string, b: string): void {
    let rootA = this.find(a);
    let rootB = this.find(b);
    if (rootA === rootB) return;
    if ((this.#size.get(rootA) as number) < (this.#size.get(rootB) as number))
      [rootA, rootB] = [rootB, rootA];
    this.#parent.set(rootB, rootA);
    this.#size.set(rootA, (this.#size.get(rootA) as number) + (this.#size.get(rootB) as number));
  }
}
