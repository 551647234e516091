import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

/**
 * References whose foreign keys migrations 0003, 0402, 0403 and 0404 dropped for write speed,
 * each as [name, query counting the rows that point at nothing]. The writers keep them true by
 * construction; tests audit that after real work.
 */
const DROPPED_KEYS: [string, ReturnType<typeof sql<{ n: number }>>][] = [
  [
    'entrada_jornada.contrato_id',
    sql`select count(*)::int4 as n from entrada_jornada e where not exists (select 1 from contrato c where c.id = e.contrato_id)`,
  ],
  [
    'entrada_jornada.ie_id',
    sql`select count(*)::int4 as n from entrada_jornada e where not exists (select 1 from ie i where i.id = e.ie_id)`,
  ],
  [
    'entrada_jornada.bolsa_id',
    sql`select count(*)::int4 as n from entrada_jornada e where not exists (select 1 from bolsa b where b.id = e.bolsa_id)`,
  ],
  [
    'entrada_jornada.estudante_id',
    sql`select count(*)::int4 as n from entrada_jornada e where not exists (select 1 from estudante s where s.id = e.estudante_id)`,
  ],
  [
    'entrada_jornada.curso_id',
    sql`select count(*)::int4 as n from entrada_jornada e where not exists (select 1 from curso c where c.id = e.curso_id)`,
  ],
  [
    'entrada_jornada.campus_id',
    sql`select count(*)::int4 as n from entrada_jornada e where not exists (select 1 from campus c where c.id = e.campus_id)`,
  ],
  [
    'entrada_jornada.turno_id',
    sql`select count(*)::int4 as n from entrada_jornada e where not exists (select 1 from turno t where t.id = e.turno_id)`,
  ],
  [
    'processo.entrada_id',
    sql`select count(*)::int4 as n from processo p where not exists (select 1 from entrada_jornada e where e.id = p.entrada_id)`,
  ],
  [
    'evento_timeline.entrada_id',
    sql`select count(*)::int4 as n from evento_timeline t where not exists (select 1 from entrada_jornada e where e.id = t.entrada_id)`,
  ],
  [
    'evento_timeline.processo_id',
    sql`select count(*)::int4 as n from evento_timeline t where not exists (select 1 from processo p where p.id = t.processo_id)`,
  ],
  [
    'solicitacao.entrada_id',
    sql`select count(*)::int4 as n from solicitacao s where not exists (select 1 from entrada_jornada e where e.id = s.entrada_id)`,
  ],
  [
    'solicitacao.ie_id',
    sql`select count(*)::int4 as n from solicitacao s where not exists (select 1 from ie i where i.id = s.ie_id)`,
  ],
  [
    'solicitacao.processo_id',
    sql`select count(*)::int4 as n from solicitacao s where not exists (select 1 from processo p where p.id = s.processo_id)`,
  ],
];

/** The dropped-key references that point at a missing row, with how many rows do (empty when all hold). */
export async function brokenReferences(db: Db): Promise<Record<string, number>> {
  const broken: Record<string, number> = {};
  for (const [name, query] of DROPPED_KEYS) {
    const { rows } = await query.execute(db);
    if (rows[0]!.n > 0) broken[name] = rows[0]!.n;
  }
  return broken;
}
