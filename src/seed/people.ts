import { cpfFromBase } from '../lib/cpf.js';
import { searchForm } from '../lib/text.js';
import { EMAIL_DOMAINS, FIRST_NAMES_F, FIRST_NAMES_M, PARTICLE, SURNAMES } from './data/people.js';
import type { Rng } from './random.js';

/** A student's identity: name (and its search form), e-mail and birth date. */
export interface Person {
  nome: string;
  nomeBusca: string;
  email: string;
  nascimento: string;
}

type Part = readonly [text: string, search: string];
const parts = (names: readonly string[]): Part[] => names.map((n) => [n, searchForm(n)]);
const FEMALE = parts(FIRST_NAMES_F);
const MALE = parts(FIRST_NAMES_M);
const SURNAME = parts(SURNAMES);
const PARTICLES = Object.fromEntries(Object.entries(PARTICLE).map(([k, v]) => [k, [v, v] as Part]));

/** Built from parts whose search forms are precomputed: the same as searchForm(nome), a million times cheaper. */
export function person(rng: Rng, id: number, todayYear: number): Person {
  const firsts = rng.chance(0.55) ? FEMALE : MALE;
  const chosen: Part[] = [rng.pick(firsts)];
  if (rng.chance(0.3)) {
    const second = rng.pick(firsts);
    if (second !== chosen[0]) chosen.push(second);
  }
  const mother = rng.pick(SURNAME);
  const father = rng.pick(SURNAME);
  if (rng.chance(0.6) && mother !== father) chosen.push(mother);
  const particle = PARTICLES[father[0]];
  if (particle && rng.chance(0.5)) chosen.push(particle);
  chosen.push(father);
  let nome = chosen[0]![0];
  let nomeBusca = chosen[0]![1];
  for (let i = 1; i < chosen.length; i++) {
    nome += ` ${chosen[i]![0]}`;
    nomeBusca += ` ${chosen[i]![1]}`;
  }
  const email = `${chosen[0]![1].replace(/\W/g, '')}.${father[1].replace(/\W/g, '')}${id}@${rng.pick(EMAIL_DOMAINS)}`;
  const age = 17 + Math.floor(rng.next() ** 2 * 28);
  const nascimento = `${todayYear - age}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  return { nome, nomeBusca, email, nascimento };
}

const CPF_MODULUS = 999_000_000;
// Coprime to the modulus (a product of primes other than 2, 3, 5 and 37), so id ↦ base is one-to-one.
const CPF_MULTIPLIER = 48_271 * 7_919;

/**
 * A valid CPF, unique per id: the 9-digit base is a permutation of the id below 999,000,000;
 * repeated-digit bases (which cpfFromBase would alter, risking a clash) move above that range.
 */
export function cpfOf(id: number, offset: number): string {
  const base = (id * CPF_MULTIPLIER + offset) % CPF_MODULUS;
  const digits = String(base).padStart(9, '0');
  const repeated = /^(\d)\1{8}$/.test(digits);
  return cpfFromBase(repeated ? CPF_MODULUS + Number(digits[0]) : base);
}
