import { COURSES, GROUP_PREFIXES, IE_KINDS, IE_PATRONS, SHIFT_WEIGHTS } from './data/academic.js';
import { CAMPUS_NAMES, CITIES, UF_WEIGHTS } from './data/places.js';
import { drawFormer, formerCount, formerRng, oldestBack } from './former.js';
import type { CampusLayout, ConvenioLayout, CourseLayout, GroupLayout, IeLayout, Layout } from './layout.types.js';
import { affinePermutation, type Rng, rngFor, tag } from './random.js';
import { CURRENT_MIX } from './situations.js';

/** CNPJ with valid check digits from an 8-digit root and a 4-digit branch. */
export function cnpjOf(root: number, branch = 1): string {
  const base = `${String(root).padStart(8, '0')}${String(branch).padStart(4, '0')}`;
  const digit = (digits: string) => {
    const weights =
      digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    let sum = 0;
    for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i]!;
    const rest = sum % 11;
    return rest < 2 ? '0' : String(11 - rest);
  };
  const first = base + digit(base);
  return first + digit(first);
}

/** Students per IE: a Zipf-like share (IE 1 about 6% of 1M over 500 IEs), every IE at least a few. */
export function distribute(students: number, ies: number): number[] {
  const weights = Array.from({ length: ies }, (_, i) => (i + 1) ** -0.75);
  const total = weights.reduce((a, b) => a + b, 0);
  const floor = Math.min(5, Math.floor(students / ies));
  const spare = students - floor * ies;
  const exact = weights.map((w) => (w / total) * spare);
  const counts = exact.map((x) => floor + Math.floor(x));
  let left = students - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % ies, left--) counts[order[k]![1]]! += 1;
  return counts;
}

/** Quotas of the current-period situations for n contracts: every situation at least once when n allows. */
function quotas(n: number): number[] {
  const total = CURRENT_MIX.reduce((a, m) => a + m.share, 0);
  const counts = CURRENT_MIX.map((m) => Math.floor((m.share / total) * n));
  if (n >= CURRENT_MIX.length) for (let k = 1; k < counts.length; k++) counts[k] = Math.max(1, counts[k]!);
  counts[0] = n - counts.slice(1).reduce((a, b) => a + b, 0);
  return cumulative(counts);
}

/** Running totals: [2, 3, 1] → [2, 5, 6]. */
function cumulative(values: readonly number[]): number[] {
  const sums: number[] = [];
  let total = 0;
  for (const v of values) {
    total += v;
    sums.push(total);
  }
  return sums;
}

const initials = (text: string) =>
  text
    .split(/[\s-]+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .map((w) => w[0])
    .join('');

function pickUf(rng: Rng): string {
  const ufs = Object.keys(UF_WEIGHTS);
  return ufs[rng.weighted(ufs.map((uf) => UF_WEIGHTS[uf]!))]!;
}

export function buildLayout(seed: number, ies: number, students: number): Layout {
  const counts = distribute(students, ies);
  const groups: GroupLayout[] = [];
  const layouts: IeLayout[] = [];
  const patrons = rngFor(seed, tag('patrons')).sample(IE_PATRONS, IE_PATRONS.length);
  let campusId = 0;
  let courseId = 0;
  let convenioId = 0;
  let firstContract = 1;
  let olderJourney = 2 * ies + 1;
  let groupLeft = 0;
  let group!: GroupLayout;
  let patron = '';
  for (let i = 1; i <= ies; i++) {
    const rng = rngFor(seed, tag('ie'), i);
    if (groupLeft === 0) {
      const g = groups.length + 1;
      groupLeft = rng.int(2, 4);
      patron = patrons[(g - 1) % patrons.length]!;
      const suffix = g > patrons.length ? ` ${Math.ceil(g / patrons.length)}` : '';
      group = {
        id: g,
        nome: `${rng.pick(GROUP_PREFIXES)} ${patron}${suffix}`,
        cnpj: cnpjOf(10_000_000 + g * 131 + (seed % 131)),
      };
      groups.push(group);
    }
    groupLeft--;
    const uf = pickUf(rng);
    const cidade = rng.pick(CITIES[uf]!);
    const [kind, code] = IE_KINDS[rng.weighted(IE_KINDS.map((k) => k[2]))]!;
    const nome = `${kind} ${patron} de ${cidade}`;
    const campuses: CampusLayout[] = [];
    const nCampus = [1, 1, 2, 2, 3, 4][rng.int(0, 5)]!;
    for (let c = 0; c < nCampus; c++) {
      const campusCity = c === 0 ? cidade : rng.pick(CITIES[uf]!);
      campuses.push({ id: ++campusId, nome: c === 0 ? CAMPUS_NAMES[0]! : CAMPUS_NAMES[c]!, cidade: campusCity, uf });
    }
    const courses: CourseLayout[] = rng.sample(COURSES, rng.int(5, 15)).map(([courseName, grau, semestres]) => ({
      id: ++courseId,
      campusId: campuses[rng.chance(0.6) ? 0 : rng.int(0, campuses.length - 1)]!.id,
      shift: rng.weighted(SHIFT_WEIGHTS),
      nome: courseName,
      grau,
      semestres,
    }));
    const courseCum = cumulative(courses.map(() => 0.3 + rng.next() ** 2 * 3));
    const sigla = `${code}${initials(patron)}${initials(cidade)}`;
    const convenios: ConvenioLayout[] = [{ id: ++convenioId, nome: `CredIES ${sigla}`, regime: 'SIMPLES' }];
    if (rng.chance(0.2)) convenios.push({ id: ++convenioId, nome: `CredIES ${sigla} — Aditivo 2`, regime: 'COMPOSTO' });
    const contracts = counts[i - 1]!;
    const active = contracts - formerCount(contracts);
    let back = 1;
    for (let local = active; local < contracts; local++) {
      const shape = drawFormer(formerRng(seed, firstContract + local), { courses, courseCum });
      back = Math.max(back, oldestBack(shape));
    }
    layouts.push({
      id: i,
      grupoId: group.id,
      nome,
      sigla,
      cnpj: cnpjOf(50_000_000 + i * 173 + (seed % 173)),
      cidade,
      uf,
      campuses,
      courses,
      courseCum,
      convenios,
      firstContract,
      contracts,
      active,
      quotaCum: quotas(active),
      perm: affinePermutation(rng, active),
      olderJourneys: back - 1,
      firstOlderJourney: olderJourney,
    });
    firstContract += contracts;
    olderJourney += back - 1;
  }
  return { groups, ies: layouts };
}

/** The IE a contract id belongs to (binary search over the contiguous ranges). */
export function ieOfContract(layout: Layout, contractId: number): IeLayout {
  const ies = layout.ies;
  let lo = 0;
  let hi = ies.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ies[mid]!.firstContract <= contractId) lo = mid;
    else hi = mid - 1;
  }
  return ies[lo]!;
}
