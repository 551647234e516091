/**
 * Idempotency-Key bookkeeping that could not be written because the database was unreachable:
 * releasing the key of a request that failed, or storing the answer of one that succeeded. Without
 * it, a request cut off by a database restart left its key "still being processed" for 15 minutes
 * and the retry the client is told to make answered 409 (issue 24). Each write is kept here and
 * retried every second until it succeeds; a claim on the same key runs it first, so a retry that
 * arrives the moment the database is back is served. Per process: a key whose process died waits
 * for the stale-claim limit, as before.
 */
export class PendingKeyWrites {
  readonly #writes = new Map<string, () => Promise<unknown>>();
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 1000,
  ) {}

  get size(): number {
    return this.#writes.size;
  }

  /** Keeps `write` for key `id`, replacing a previous one, and schedules its retry. */
  add(id: string, write: () => Promise<unknown>): void {
    this.#writes.set(id, write);
    this.#schedule();
  }

  /** Runs the pending write for `id` now, if there is one; throws when it still fails. */
  async settle(id: string): Promise<void> {
    const write = this.#writes.get(id);
    if (!write) return;
    await write();
    if (this.#writes.get(id) === write) this.#writes.delete(id);
  }

  /** Tries every pending write once; those that fail stay. */
  async flush(): Promise<void> {
    for (const id of [...this.#writes.keys()]) {
      await this.settle(id).catch(() => {});
    }
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(async () => {
      this.#timer = null;
      await this.flush().catch(this.onError);
      if (this.#writes.size > 0) this.#schedule();
    }, this.intervalMs);
    this.#timer.unref();
  }
}
