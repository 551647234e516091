import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import * as namesBeside from '../../src/db/migrations/0780_entry_names_beside.js';
import { insertEligibleEntries } from '../../src/modules/journey-lifecycle/eligible-entries.js';
import { type NamesBeside, withNamesWrittenBeside } from '../../src/modules/journey-lifecycle/entry-names.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { createContracts } from '../helpers/lifecycle-factories.js';

/**
 * A journey opened or refreshed in bulk has its entries' names (entrada_nome: the name keys, the
 * CPF and the matrícula the autocomplete reads) written beside the entries, on PostgreSQL by a
 * second connection (journey-lifecycle/entry-names.ts, migration 0780). Whatever connection wrote
 * them, staff find every entry of the journey by name, CPF and matrícula as soon as it opens, and
 * an opening that fails leaves no names behind.
 */
const CONTRACTS = 1200;

let t: TestContext;
let big: TestIe;
let small: TestIe;
let spare: TestIe;

/** Digits as letters (0 → a, 1 → b, ...): names hold no digits (a term with digits is a CPF or matrícula). */
const letters = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));

/** An IE's contracts loaded set-based: student n is "Estudante Lote <n in letters>", its CPF the IE's and n. */
async function bulkLoad(ie: TestIe, count: number) {
  const first = ie.ieId * 10_000_000;
  await sql`
    insert into estudante (cpf, nome, nome_busca)
    select lpad((${first}::int8 + n)::text, 11, '0'), 'Estudante Lote ' || initcap(w), 'estudante lote ' || w
    from generate_series(1, ${count}::int) n, translate(n::text, '0123456789', 'abcdefghij') w`.execute(t.db);
  await sql`
    insert into bolsa (ie_id, convenio_id, estudante_id, curso_id, campus_id, turno_id, cod_bolsa, matricula)
    select ${ie.ieId}, ${ie.convenioId}, e.id, ${ie.cursoId}, ${ie.campusId}, ${ie.turnoId}, 'BL' || e.id,
      'LOTE-' || (e.cpf::int8 - ${first}::int8)::text
    from estudante e
    where e.cpf between lpad((${first}::int8 + 1)::text, 11, '0') and lpad((${first}::int8 + ${count}::int)::text, 11, '0')`.execute(
    t.db,
  );
  await sql`
    insert into contrato (bolsa_id, ie_id, numero, primeiro_mes_credito, previsao_formatura, inicio_restituicao)
    select id, ie_id, 'CL' || id, '2023-02-01', '2027-12-31', '2028-01-01' from bolsa where ie_id = ${ie.ieId}`.execute(
    t.db,
  );
}

/** The journey's entries whose search row (entrada_nome) is missing or differs from the entry. */
async function namesOf(jornadaId: number) {
  const { rows } = await sql<{ entradas: number; nomes: number; iguais: number }>`
    select
      (select count(*)::int8 from entrada_jornada where jornada_id = ${jornadaId}::int8) as entradas,
      (select count(*)::int8 from entrada_nome where jornada_id = ${jornadaId}::int8) as nomes,
      (select count(*)::int8 from entrada_jornada e join entrada_nome n on n.entrada_id = e.id
        and n.jornada_id = e.jornada_id and n.nome_busca = e.nome_busca and n.cpf = e.cpf and n.matricula = e.matricula
        where e.jornada_id = ${jornadaId}::int8) as iguais`.execute(t.db);
  return rows[0]!;
}

async function suggest(ie: TestIe, termo: string) {
  const response = await t.call({
    method: 'GET',
    url: `/s/v2/renovacao/autocomplete?termo=${encodeURIComponent(termo)}`,
    ies: [ie.ieId],
  });
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { nomeEstudante: string }[]).map((s) => s.nomeEstudante);
}

before(async () => {
  t = await createTestApp();
  big = await createIe(t.db);
  small = await createIe(t.db);
  spare = await createIe(t.db);
  await bulkLoad(big, CONTRACTS);
  await bulkLoad(spare, CONTRACTS);
  await createContracts(t.db, small, 2);
});
after(() => t.close());

test('a bulk opening and a small one in the same request: every entry is found by name, CPF and matrícula', async () => {
  // One IE user of both IEs opens both journeys in one transaction: the big one's names beside
  // it, the small one's by the trigger, after it.
  const response = await t.call({
    method: 'POST',
    url: '/s/v2/renovacao/jornadas/abrir',
    ies: [big.ieId, small.ieId],
    payload: { ano: 2026, semestre: 2 },
  });
  assert.equal(response.statusCode, 200, response.body);
  const opened = (response.json() as { jornadas: { id: number; ieId: number; totalEntradas: number }[] }).jornadas;
  const bigJourney = opened.find((j) => j.ieId === big.ieId)!;
  const smallJourney = opened.find((j) => j.ieId === small.ieId)!;
  assert.equal(bigJourney.totalEntradas, CONTRACTS);
  assert.equal(smallJourney.totalEntradas, 2);
  assert.deepEqual(await namesOf(bigJourney.id), { entradas: CONTRACTS, nomes: CONTRACTS, iguais: CONTRACTS });
  assert.deepEqual(await namesOf(smallJourney.id), { entradas: 2, nomes: 2, iguais: 2 });

  // Student 1177 of the big IE: "Estudante Lote Bbhh", found each way staff search.
  const nome = 'Estudante Lote Bbhh';
  assert.equal(letters(1177), 'bbhh');
  assert.deepEqual(await suggest(big, 'estudante lote bbhh'), [nome]);
  assert.deepEqual(await suggest(big, 'lote bbhh'), [nome]);
  assert.deepEqual(await suggest(big, 'bbhh'), [nome]);
  assert.deepEqual(await suggest(big, String(big.ieId * 10_000_000 + 1177).padStart(11, '0')), [nome]);
  assert.deepEqual(await suggest(big, 'LOTE-1177'), [nome]);
});

test('an entry inserted after a bulk opening gets its name from the trigger', async () => {
  const [late] = await createContracts(t.db, big, 1);
  const response = await t.call({
    method: 'POST',
    url: '/s/v2/renovacao/jornadas/atualizar',
    ies: [big.ieId],
    payload: {},
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal((response.json() as { adicionados: number }).adicionados, 1);
  const { rows } = await sql<{ jornada_id: number }>`
    select jornada_id from entrada_jornada where contrato_id = ${late!.contratoId}::int8`.execute(t.db);
  const names = await namesOf(rows[0]!.jornada_id);
  assert.deepEqual(names, { entradas: CONTRACTS + 1, nomes: CONTRACTS + 1, iguais: CONTRACTS + 1 });
});

/** A journey row of `ie` for `ano`/`semestre`, in `trx`, as the opening writes it before its entries. */
async function journeyRow(trx: typeof t.db, ie: TestIe, ano: number, semestre: 1 | 2) {
  const { rows } = await sql<{ id: number; ie_id: number; tipo: string; ano: number; semestre: number }>`
    insert into jornada (ie_id, tipo, ano, semestre, status, janela_inicio, janela_fim, aberta_por)
    values (${ie.ieId}, 'RENOVACAO', ${ano}::int4, ${semestre}::int4, 'ABERTA', '2026-07-01', '2026-09-30', 'teste')
    returning id, ie_id, tipo, ano, semestre`.execute(trx);
  return rows[0]!;
}

test('when the names cannot be written beside, the opening writes them itself', async () => {
  const refusing = { available: true, write: async () => false } as unknown as NamesBeside;
  const jornadaId = await t.db.transaction().execute(async (trx) => {
    const journey = await journeyRow(trx, spare, 2026, 1);
    const added = await insertEligibleEntries(
      trx,
      { journey, rule: 'TODOS_ATIVOS', acao: 'ABERTURA_JORNADA', caller: { sub: 'teste', name: 'Teste' } },
      refusing,
    );
    assert.equal(
      added.reduce((n, c) => n + c.total, 0),
      CONTRACTS,
    );
    return journey.id;
  });
  assert.deepEqual(await namesOf(jornadaId), { entradas: CONTRACTS, nomes: CONTRACTS, iguais: CONTRACTS });
});

test('an opening that fails after its names were written leaves neither entries nor names', async () => {
  const before = await sql<{ n: number }>`select count(*)::int8 as n from entrada_nome`.execute(t.db);
  let jornadaId = 0;
  await assert.rejects(
    withNamesWrittenBeside(t.db, (names) =>
      t.db.transaction().execute(async (trx) => {
        const journey = await journeyRow(trx, spare, 2026, 2);
        jornadaId = journey.id;
        await insertEligibleEntries(
          trx,
          { journey, rule: 'TODOS_ATIVOS', acao: 'ABERTURA_JORNADA', caller: { sub: 'teste', name: 'Teste' } },
          names,
        );
        throw new Error('falha depois das entradas');
      }),
    ),
    /falha depois das entradas/,
  );
  assert.deepEqual(await namesOf(jornadaId), { entradas: 0, nomes: 0, iguais: 0 });
  const afterwards = await sql<{ n: number }>`select count(*)::int8 as n from entrada_nome`.execute(t.db);
  assert.equal(afterwards.rows[0]!.n, before.rows[0]!.n);
});

test('names the second connection wrote but could not confirm are kept, and the rest written', async (ctx) => {
  // PGlite is one session: nothing can write beside an open transaction there.
  if (t.database.kind !== 'postgres') return ctx.skip('PostgreSQL only: a second connection');
  // The second connection's commit went through but its answer was lost: it wrote the first 100
  // names and reported a failure; the opening writes the other names itself.
  const lost = {
    available: true,
    write: async (jornada: number, names: { ids: string[]; nomes: string[]; cpfs: string[]; matriculas: string[] }) => {
      await sql`
        insert into entrada_nome (entrada_id, jornada_id, nome_busca, cpf, matricula)
        select n.i, ${jornada}::int8, n.nome, n.cpf, n.mat
        from unnest(${names.ids.slice(0, 100)}::int8[], ${names.nomes.slice(0, 100)}::text[],
          ${names.cpfs.slice(0, 100)}::text[], ${names.matriculas.slice(0, 100)}::text[]) as n(i, nome, cpf, mat)`.execute(
        t.db,
      );
      return false;
    },
  } as unknown as NamesBeside;
  const jornadaId = await t.db.transaction().execute(async (trx) => {
    const journey = await journeyRow(trx, spare, 2027, 1);
    await insertEligibleEntries(
      trx,
      { journey, rule: 'TODOS_ATIVOS', acao: 'ABERTURA_JORNADA', caller: { sub: 'teste', name: 'Teste' } },
      lost,
    );
    return journey.id;
  });
  assert.deepEqual(await namesOf(jornadaId), { entradas: CONTRACTS, nomes: CONTRACTS, iguais: CONTRACTS });
});

test('migration 0780 down and up: only its trigger leaves names to the setting', async () => {
  const rolledBack = new Error('rolled back');
  await assert.rejects(
    t.db.transaction().execute(async (trx) => {
      const source = await sql<{ id: number }>`select id from jornada where ie_id = ${big.ieId}::int8`.execute(trx);
      const target = await journeyRow(trx, big, 2028, 1);
      /** Copies one of the big IE's entries into the 2028/1 journey with the setting on; answers whether its name was written. */
      const copyWithSettingOn = async (offset: number) => {
        await sql`select set_config('renova.nomes_a_parte', 'on', true)`.execute(trx);
        const { rows } = await sql<{ id: number }>`
          insert into entrada_jornada (jornada_id, ie_id, contrato_id, bolsa_id, estudante_id, curso_id, campus_id,
            turno_id, nome_busca, cpf, matricula, situacao)
          select ${target.id}::int8, ie_id, contrato_id, bolsa_id, estudante_id, curso_id, campus_id, turno_id,
            nome_busca, cpf, matricula, 'APTO'
          from entrada_jornada where jornada_id = ${source.rows[0]!.id}::int8 order by id offset ${offset}::int limit 1
          returning id`.execute(trx);
        const named = await sql`select 1 from entrada_nome where entrada_id = ${rows[0]!.id}::int8`.execute(trx);
        return named.rows.length === 1;
      };
      await namesBeside.down(trx as never);
      assert.equal(await copyWithSettingOn(0), true);
      await namesBeside.up(trx as never);
      assert.equal(await copyWithSettingOn(1), false);
      throw rolledBack;
    }),
    rolledBack,
  );
});
