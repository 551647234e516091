import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import * as namesBeside from '../../src/db/migrations/0780_entry_names_beside.js';
import * as namesLeftBehind from '../../src/db/migrations/0790_names_left_behind.js';
import { scheduledWork } from '../../src/jobs/runner.js';
import { insertEligibleEntries } from '../../src/modules/journey-lifecycle/eligible-entries.js';
import {
  type EntryNames,
  NamesBeside,
  sweepNamesLeftBehind,
  withNamesWrittenBeside,
} from '../../src/modules/journey-lifecycle/entry-names.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { letters, loadContracts } from '../helpers/bulk-contracts.js';
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

/** The records of names written beside entries not yet committed (migration 0790). */
async function records() {
  const { rows } = await sql<{ n: number }>`select count(*)::int8 as n from entrada_nome_pendente`.execute(t.db);
  return Number(rows[0]!.n);
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
  await loadContracts(t.db, big, CONTRACTS);
  await loadContracts(t.db, spare, CONTRACTS);
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
  // The bulk's names committed with a record of their range; the opening's commit took it away.
  assert.equal(await records(), 0);

  // Student 1177 of the big IE: "Estudante Lote Bbhh", found each way staff search.
  const nome = 'Estudante Lote Bbhh';
  assert.equal(letters(1177), 'bbhh');
  assert.deepEqual(await suggest(big, 'estudante lote bbhh'), [nome]);
  assert.deepEqual(await suggest(big, 'lote bbhh'), [nome]);
  assert.deepEqual(await suggest(big, 'bbhh'), [nome]);
  assert.deepEqual(await suggest(big, String(big.ieId * 10_000_000 + 1177).padStart(11, '0')), [nome]);
  assert.deepEqual(await suggest(big, 'LOTE-1177'), [nome]);
});

test('names and matrículas an array literal must quote reach the search rows as they are', async () => {
  // The bulk's names cross Node as the array literals the database wrote (EntryNames): a quote, a
  // backslash, a comma, braces, spaces or the word NULL in a name or matrícula must come back
  // unchanged, each on its own entry.
  const odd = await createIe(t.db);
  await loadContracts(t.db, odd, CONTRACTS);
  const awkward = ['a"b', 'c\\d', 'e,f', '{g}', 'NULL', ' h  i ', "d'avila"];
  await sql`
    with alvo as (
      select b.id as bolsa_id, b.estudante_id, k.valor
      from unnest(${awkward}::text[]) with ordinality as k(valor, n)
      join bolsa b on b.ie_id = ${odd.ieId}::int8 and b.matricula = 'LOTE-' || k.n
    ),
    nomes as (update estudante e set nome_busca = 'estudante ' || alvo.valor from alvo where e.id = alvo.estudante_id)
    update bolsa b set matricula = alvo.valor from alvo where b.id = alvo.bolsa_id`.execute(t.db);
  // Watched: whether the second connection wrote them (on PostgreSQL), not the opening's fallback.
  class Watched extends NamesBeside {
    written: boolean | undefined;
    override async write(jornada: number, names: EntryNames) {
      this.written = await super.write(jornada, names);
      return this.written;
    }
  }
  const watched = new Watched(t.db);
  const journey = await t.db.transaction().execute(async (trx) => {
    const row = await journeyRow(trx, odd, 2026, 2);
    await insertEligibleEntries(
      trx,
      { journey: row, rule: 'TODOS_ATIVOS', acao: 'ABERTURA_JORNADA', caller: { sub: 'teste', name: 'Teste' } },
      watched,
    );
    return row;
  });
  assert.equal(watched.written, t.database.kind === 'postgres' ? true : undefined);
  assert.deepEqual(await namesOf(journey.id), { entradas: CONTRACTS, nomes: CONTRACTS, iguais: CONTRACTS });
  const { rows } = await sql<{ nome_busca: string; matricula: string }>`
    select nome_busca, matricula from entrada_nome
    where jornada_id = ${journey.id}::int8 and matricula = any(${awkward}::text[]) order by matricula`.execute(t.db);
  assert.deepEqual(
    rows,
    [...awkward].sort().map((valor) => ({ nome_busca: `estudante ${valor}`, matricula: valor })),
  );
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
  class Refusing extends NamesBeside {
    override get available() {
      return true;
    }
    override async write() {
      return false;
    }
  }
  const refusing = new Refusing(t.db);
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
  assert.equal(await records(), 0);
  const afterwards = await sql<{ n: number }>`select count(*)::int8 as n from entrada_nome`.execute(t.db);
  assert.equal(afterwards.rows[0]!.n, before.rows[0]!.n);
});

test('names the second connection wrote but could not confirm are kept, and the rest written', async (ctx) => {
  // PGlite is one session: nothing can write beside an open transaction there.
  if (t.database.kind !== 'postgres') return ctx.skip('PostgreSQL only: a second connection');
  // The second connection's commit went through but its answer was lost: it wrote the first 100
  // names and reported a failure; the opening writes the other names itself.
  class Lost extends NamesBeside {
    override async write(jornada: number, names: EntryNames) {
      await sql`
        insert into entrada_nome (entrada_id, jornada_id, nome_busca, cpf, matricula)
        select n.i, ${jornada}::int8, n.nome, n.cpf, n.mat
        from unnest(${names.ids}::int8[], ${names.nomes}::text[], ${names.cpfs}::text[], ${names.matriculas}::text[])
          as n(i, nome, cpf, mat)
        limit 100`.execute(t.db);
      return false;
    }
  }
  const lost = new Lost(t.db);
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

/**
 * Names and their record as a bulk leaves them when the database or the process dies between the
 * names' commit and the opening's: `count` names of entries that never committed (ids past every
 * entry), in `journey`, and a record whose range also spans the journey's first real entries.
 */
async function leftBehind(journey: number, count: number) {
  const { rows } = await sql<{ primeiro: string; livre: string }>`
    select (select min(id) from entrada_jornada where jornada_id = ${journey}::int8) as primeiro,
      (select max(id) + 1000 from entrada_jornada) as livre`.execute(t.db);
  const { primeiro, livre } = rows[0]!;
  await sql`
    insert into entrada_nome (entrada_id, jornada_id, nome_busca, cpf, matricula)
    select ${livre}::int8 + n, ${journey}::int8, 'orfao perdido ' || n, lpad(n::text, 11, '9'), 'ORFAO-' || n
    from generate_series(1, ${count}::int) n`.execute(t.db);
  await sql`
    insert into entrada_nome_pendente (jornada_id, primeiro, ultimo)
    values (${journey}::int8, ${primeiro}::int8, ${livre}::int8 + ${count}::int)`.execute(t.db);
}

async function orphans(journey: number) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int8 as n from entrada_nome n where n.jornada_id = ${journey}::int8
      and not exists (select from entrada_jornada e where e.id = n.entrada_id)`.execute(t.db);
  return Number(rows[0]!.n);
}

async function bigJourney() {
  const { rows } = await sql<{ id: number }>`
    select id from jornada where ie_id = ${big.ieId}::int8 and status = 'ABERTA'`.execute(t.db);
  return Number(rows[0]!.id);
}

test('names a bulk left behind, with nobody left to undo them, go at the next scheduled run; the journey keeps its own', async () => {
  const journey = await bigJourney();
  const before = await namesOf(journey);
  await leftBehind(journey, 50);
  assert.equal(await orphans(journey), 50);

  await scheduledWork(t.db, t.app.log);

  assert.equal(await orphans(journey), 0);
  assert.equal(await records(), 0);
  assert.deepEqual(await namesOf(journey), before);
  assert.deepEqual(await suggest(big, 'estudante lote bbhh'), ['Estudante Lote Bbhh']);
});

test('while an opening writes names beside, the sweep leaves every record for the next run', async (ctx) => {
  if (t.database.kind !== 'postgres') return ctx.skip('PostgreSQL only: a second connection');
  const journey = await bigJourney();
  await leftBehind(journey, 20);
  // An opening in flight holds the lock shared (NamesBeside.hold) until it commits.
  await t.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock_shared(5300, 0)`.execute(trx);
    assert.equal(await sweepNamesLeftBehind(t.db), 0);
    assert.equal(await orphans(journey), 20);
    assert.equal(await records(), 1);
  });
  assert.equal(await sweepNamesLeftBehind(t.db), 20);
  assert.equal(await orphans(journey), 0);
  assert.equal(await records(), 0);
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

test('migration 0790 down and up: the records table goes and comes back', async () => {
  const rolledBack = new Error('rolled back');
  const exists = async (trx: typeof t.db) =>
    (await sql<{ r: string | null }>`select to_regclass('entrada_nome_pendente')::text as r`.execute(trx)).rows[0]!
      .r !== null;
  await assert.rejects(
    t.db.transaction().execute(async (trx) => {
      await namesLeftBehind.down(trx as never);
      assert.equal(await exists(trx), false);
      await namesLeftBehind.up(trx as never);
      assert.equal(await exists(trx), true);
      throw rolledBack;
    }),
    rolledBack,
  );
  assert.equal(await records(), 0);
});
