import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { TestIe } from './factories.js';

/** Digits as letters (0 → a, 1 → b, ...): names hold no digits (a term with digits is a CPF or matrícula). */
export const letters = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));

/**
 * An IE's contracts loaded set-based, enough for a bulk opening (entry-names.ts): student n is
 * "Estudante Lote <n in letters>", CPF the IE's id times 10,000,000 plus n, matrícula LOTE-<n>.
 */
export async function loadContracts(db: Db, ie: TestIe, count: number) {
  const first = ie.ieId * 10_000_000;
  await sql`
    insert into estudante (cpf, nome, nome_busca)
    select lpad((${first}::int8 + n)::text, 11, '0'), 'Estudante Lote ' || initcap(w), 'estudante lote ' || w
    from generate_series(1, ${count}::int) n, translate(n::text, '0123456789', 'abcdefghij') w`.execute(db);
  await sql`
    insert into bolsa (ie_id, convenio_id, estudante_id, curso_id, campus_id, turno_id, cod_bolsa, matricula)
    select ${ie.ieId}, ${ie.convenioId}, e.id, ${ie.cursoId}, ${ie.campusId}, ${ie.turnoId}, 'BL' || e.id,
      'LOTE-' || (e.cpf::int8 - ${first}::int8)::text
    from estudante e
    where e.cpf between lpad((${first}::int8 + 1)::text, 11, '0') and lpad((${first}::int8 + ${count}::int)::text, 11, '0')`.execute(
    db,
  );
  await sql`
    insert into contrato (bolsa_id, ie_id, numero, primeiro_mes_credito, previsao_formatura, inicio_restituicao)
    select id, ie_id, 'CL' || id, '2023-02-01', '2027-12-31', '2028-01-01' from bolsa where ie_id = ${ie.ieId}`.execute(
    db,
  );
}
