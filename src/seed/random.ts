/**
 * Seeded randomness. Every value the seed produces comes from a stream keyed by (seed, purpose,
 * id), so a contract's data depends only on the options and its id: stages can recompute it in
 * any order or chunk size, and a stage added later never shifts the data of the others.
 */

/** 32-bit finalizer of MurmurHash3: a cheap, well-mixed hash of one integer. */
function fmix(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A 32-bit hash of a few integers (ids, seed, purpose tags). */
export function hash(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) h = fmix(h ^ Math.imul((part | 0) + 0x6d2b79f5, 0x27d4eb2d) ^ ((part / 2 ** 32) | 0));
  return h;
}

/** Tags for the streams, so two purposes never share numbers. */
export function tag(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for demo data. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Index chosen with the given (not necessarily normalized) weights. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** k distinct items, in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items];
    for (let i = 0; i < Math.min(k, copy.length); i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, k);
  }
}

/** The stream for one purpose and id under the seed. */
export const rngFor = (seed: number, purpose: number, id = 0) => new Rng(hash(seed, purpose, id));

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * A permutation of 0..n-1 as j ↦ (a·j + b) mod n: spreads quotas over an IE's contracts without
 * storing a shuffled array.
 */
export function affinePermutation(rng: Rng, n: number): (j: number) => number {
  if (n <= 1) return () => 0;
  let a = rng.int(Math.max(2, Math.floor(n / 3)), Math.max(2, n - 1));
  while (gcd(a, n) !== 1) a++;
  const b = rng.int(0, n - 1);
  return (j) => (a * j + b) % n;
}
