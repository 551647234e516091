import type { JWTHeaderParameters } from 'jose';
import { BoundedLru } from '../lib/bounded-lru.js';
import type { Caller } from './auth.js';

export interface VerifiedToken {
  caller: Caller;
  header: JWTHeaderParameters;
  /** The key that verified the signature (for a remote key set, to notice it was dropped). */
  key: unknown;
  /** `exp` in ms: the entry is never used from then on, whatever the clock tolerance. */
  expiresAt: number;
}

/** How many verified tokens are remembered; a token past its `exp` is forgotten when next seen. */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Tokens already verified, so a client sending the same token on every request pays the
 * signature check and the claim validation once (they were about a fifth of a small request's
 * CPU). Bounded: at the limit the oldest entry goes (insertion order, refreshed on use).
 */
export class VerifiedTokens {
  readonly #entries: BoundedLru<VerifiedToken>;
  constructor(readonly max: number) {
    this.#entries = new BoundedLru(max);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(token: string, now: number): VerifiedToken | undefined {
    const entry = this.#entries.get(token);
    if (entry && entry.expiresAt <= now) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, entry: VerifiedToken, now: number): void {
    if (entry.expiresAt > now) this.#entries.set(token, entry);
  }
}
