// What the dashboard bench queries: the largest IE of the seeded database, and one autocomplete
// term per class staff type (issue 16), taken from that IE's journey where the data decides.
import type pg from 'pg';

/** The requests the dashboard and scale benches send: the subject's tab list, the counters, a term. */
export const tabPath = (subject: Pick<Subject, 'cursoId'>) =>
  `/s/v2/renovacao/aptos?tamanho=50&cursoId=${subject.cursoId}`;
export const COUNTERS_PATH = '/s/v2/renovacao/dashboard/contadores';
export const autocompletePath = (term: string) => `/s/v2/renovacao/autocomplete?termo=${encodeURIComponent(term)}`;

export interface Subject {
  ieId: number;
  jornadaId: number;
  cursoId: number;
  aptos: number;
  /** Entries in the IE's current journey. */
  entries: number;
  cpf: string;
  matricula: string;
}

/**
 * The largest IE (by entries in its current journey, from the counters), or with `near` the IE whose
 * journey's size is closest to it, and values to query it with. The IEs the write benches add
 * (open-journey, import: "Faculdade Bench…") are never picked.
 */
export async function pickSubject(pool: pg.Pool, near?: number): Promise<Subject> {
  const largest = await pool.query<{ ie_id: string; jornada_id: string; aptos: string; entries: string }>(
    `select j.ie_id, j.id as jornada_id, coalesce(sum(c.total) filter (where c.situacao = 'APTO'), 0) as aptos,
       sum(c.total) as entries
     from jornada j join contador_jornada c on c.jornada_id = j.id join ie on ie.id = j.ie_id
     where j.status = 'ABERTA' and ie.nome not like 'Faculdade Bench%'
     group by j.ie_id, j.id order by ${near === undefined ? 'sum(c.total) desc' : 'abs(sum(c.total) - $1), j.ie_id'} limit 1`,
    near === undefined ? [] : [near],
  );
  const row = largest.rows[0];
  if (!row) throw new Error('The database has no open journey with entries: seed it first (renova seed).');
  const jornadaId = Number(row.jornada_id);
  const course = await pool.query<{ curso_id: string }>(
    `select curso_id from entrada_jornada where jornada_id = $1 and aba = 'aptos'
     group by curso_id order by count(*) desc limit 1`,
    [jornadaId],
  );
  const sample = await pool.query<{ cpf: string; matricula: string }>(
    'select cpf, matricula from entrada_jornada where jornada_id = $1 order by id offset 100 limit 1',
    [jornadaId],
  );
  return {
    ieId: Number(row.ie_id),
    jornadaId,
    cursoId: Number(course.rows[0]?.curso_id),
    aptos: Number(row.aptos),
    entries: Number(row.entries),
    cpf: sample.rows[0]?.cpf ?? '00000000000',
    matricula: sample.rows[0]?.matricula ?? 'M0',
  };
}

/**
 * [class, term] pairs: common first names, a common first name with the start of a surname, the
 * journey's rarest surname and one it lacks, a CPF prefix with and without the mask, a matrícula
 * prefix.
 */
export async function autocompleteTerms(pool: pg.Pool, subject: Subject): Promise<[string, string][]> {
  const words = await pool.query<{ primeiro: string; ultimo: string }>(
    `with nomes as (
       select split_part(nome_busca, ' ', 1) as primeiro,
              (string_to_array(nome_busca, ' '))[array_length(string_to_array(nome_busca, ' '), 1)] as ultimo
       from entrada_jornada where jornada_id = $1)
     select (select primeiro from nomes group by 1 order by count(*) desc, 1 limit 1) as primeiro,
            (select ultimo from nomes group by 1 order by count(*), 1 limit 1) as ultimo`,
    [subject.jornadaId],
  );
  const rare = words.rows[0]?.ultimo ?? 'yamamoto';
  const { cpf, matricula } = subject;
  return [
    ['common first name', 'ana'],
    ['common first name', 'maria'],
    ['the journey’s commonest first name', words.rows[0]?.primeiro ?? 'maria'],
    ['first name + surname prefix', 'ana sou'],
    ['first name + surname prefix', 'maria da s'],
    ['first name + surname prefix', 'joao pe'],
    ['the journey’s rarest surname', rare],
    // The seed draws surnames from a short list, so none is rare there; one it never uses makes
    // every tier run and find nothing.
    ['rare surname, absent', 'yamamoto'],
    ['CPF prefix, masked', `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}`],
    ['CPF prefix, digits', cpf.slice(0, 6)],
    ['matrícula prefix', matricula.slice(0, Math.max(3, matricula.length - 3))],
  ];
}
