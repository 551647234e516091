/**
 * A map that holds at most `max` entries, dropping the least recently used (insertion order,
 * refreshed on use). Shared by the verified-token cache and the dashboard's statement cache.
 */
export class BoundedLru<V> {
  readonly #entries = new Map<string, V>();
  constructor(readonly max: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const found = this.#entries.get(key);
    if (found !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, found);
    }
    return found;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, value);
  }
}
