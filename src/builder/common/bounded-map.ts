/**
 * A Map that forgets its oldest entries beyond `limit`: a compile thread keeps what the pages it
 * compiles share (a diagram, a code block, in each version of a page) without growing with the site.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
