import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { searchForm } from '../../lib/text.js';

/**
 * Finding a contract as people know it: its number as shown (2025.000001445, with or without the
 * dot), the student's CPF, or the student's name. The internal id is never asked of a person.
 */
type Q = Kysely<Database>;

/** "2025.000001445", "2025000001445" → "2025.000001445"; anything else as typed. */
export function contractNumber(text: string): string {
  const digits = text.replace(/\D/g, '');
  return /^\d{13}$/.test(digits) && /^[\d.\s]+$/.test(text.trim())
    ? `${digits.slice(0, 4)}.${digits.slice(4)}`
    : text.trim();
}

const base = (db: Q) =>
  db
    .selectFrom('contrato as c')
    .innerJoin('bolsa as b', 'b.id', 'c.bolsa_id')
    .innerJoin('estudante as s', 's.id', 'b.estudante_id')
    .innerJoin('ie', 'ie.id', 'c.ie_id')
    .where('c.status', '<>', 'EXCLUIDO');

/** The contracts of the file's numbers and CPFs, looked up in two queries. */
export async function contractsByNumberOrCpf(db: Q, numbers: string[], cpfs: string[]) {
  const wanted = [...new Set(numbers.map(contractNumber))];
  const [byNumber, byCpf] = await Promise.all([
    wanted.length === 0 ? [] : base(db).select(['c.id', 'c.numero']).where('c.numero', 'in', wanted).execute(),
    cpfs.length === 0
      ? []
      : base(db)
          .select(['c.id', 's.cpf'])
          .where('s.cpf', 'in', [...new Set(cpfs)])
          .orderBy('c.id')
          .execute(),
  ]);
  const numberMap = new Map(byNumber.map((r) => [r.numero, r.id]));
  const cpfMap = new Map<string, number[]>();
  for (const r of byCpf) cpfMap.set(r.cpf, [...(cpfMap.get(r.cpf) ?? []), r.id]);
  return {
    byNumber: (text: string) => {
      const id = numberMap.get(contractNumber(text));
      return id === undefined ? [] : [id];
    },
    byCpf: (cpf: string) => cpfMap.get(cpf) ?? [],
  };
}

/** Up to `limit` contracts matching the number, the CPF, or free text (a number as typed or part of the name). */
export function searchContracts(db: Q, busca: { numero?: string; cpf?: string; texto?: string }, limit: number) {
  let q = base(db).select([
    'c.id',
    'c.numero',
    'c.ie_id',
    'ie.sigla as ie_sigla',
    's.nome',
    's.cpf',
    'c.inicio_restituicao',
    'c.status',
  ]);
  if (busca.numero) q = q.where('c.numero', '=', busca.numero);
  else if (busca.cpf) q = q.where('s.cpf', '=', busca.cpf);
  else {
    // Free text: a contract number in another format, or a part of the student's name.
    const like = `%${searchForm(busca.texto ?? '').replace(/[%_\\]/g, '')}%`;
    q = q.where((eb) =>
      eb.or([eb('c.numero', '=', busca.texto ?? ''), eb('s.nome_busca', 'like', sql<string>`${like}`)]),
    );
  }
  return q.orderBy('s.nome_busca').orderBy('c.id').limit(limit).execute();
}
