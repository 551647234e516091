import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import * as entryWriteIndexes from '../../src/db/migrations/0740_entry_write_indexes.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { addCourse, addEntry, bulkEntries, setSituacao } from '../helpers/dashboard-factories.js';
import { createIe, createJourney, type TestIe } from '../helpers/factories.js';

// Migration 0740 replaces the entries' campus and situação indexes with columns carried by
// the tab index. Down and up again on a journey with entries, every filtered list and its total
// must stay what they were, and each schema must hold exactly its own indexes.

let t: TestContext;
let ie: TestIe;
let second: TestIe;

const OLD = ['entrada_jornada_campus_idx', 'entrada_jornada_situacao_idx', 'entrada_tab_nome_idx'];
const NEW = ['entrada_jornada_aba_idx'];

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  second = await addCourse(t.db, ie, { nome: 'Medicina', campusNome: 'Campus Norte' });
  const journey = await createJourney(t.db, ie);
  await bulkEntries(t.db, ie, journey, 120);
  const moved = await t.db.selectFrom('entrada_jornada').select('id').orderBy('id').limit(40).execute();
  for (const [i, { id }] of moved.entries())
    await setSituacao(t.db, id, (['REVISAO_ANALISE', 'SEM_RENOVACAO', 'FINALIZADO', 'CANCELADO'] as const)[i % 4]);
  for (const [nome, situacao] of [
    ['Zilda Prado', 'APTO'],
    ['Yuri Campos', 'AGUARDANDO_ASSINATURA'],
    ['Xenia Ramos', 'SEM_RENOVACAO'],
    ['Wagner Lima', 'EXCLUIDO'],
  ] as const)
    await addEntry(t.db, second, journey, { nome, situacao, motivo: situacao === 'SEM_RENOVACAO' ? 'EVASAO' : null });
});
after(() => t.close());

const URLS = () => [
  '/s/v2/renovacao/aptos',
  `/s/v2/renovacao/aptos?cursoId=${second.cursoId}`,
  `/s/v2/renovacao/aptos?campusId=${ie.campusId}&pagina=2&tamanho=20`,
  '/s/v2/renovacao/em-processamento?situacao=REVISAO_ANALISE',
  `/s/v2/renovacao/sem-renovacao?motivo=EVASAO&cursoId=${second.cursoId}`,
  '/s/v3/renovacao/journey?situacao=SEM_RENOVACAO',
  '/s/v3/renovacao/journey?situacao=CANCELADO',
  `/s/v3/renovacao/journey?situacao=EXCLUIDO&campusId=${second.campusId}`,
  `/s/v3/renovacao/journey?turnoId=${ie.turnoId}&ordenarPor=situacao`,
  '/s/v2/renovacao/filtros',
];

/** Every list's total and rows (id, name, situação), in order. */
async function answers(): Promise<string[]> {
  const out: string[] = [];
  for (const url of URLS()) {
    const response = await t.call({ method: 'GET', url, ies: [ie.ieId] });
    assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    const body = response.json() as {
      total?: number;
      itens?: { brbId: number; nomeEstudante: string; situacao: string }[];
    };
    const rows = body.itens?.map((i) => [i.brbId, i.nomeEstudante, i.situacao]);
    out.push(`${url} ${body.total} ${JSON.stringify(rows ?? body)}`);
  }
  return out;
}

async function brbId(nome: string): Promise<number> {
  const row = await t.db
    .selectFrom('entrada_jornada as e')
    .innerJoin('estudante as s', 's.id', 'e.estudante_id')
    .select('e.id')
    .where('s.nome', '=', nome)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function entryIndexes(): Promise<string[]> {
  const { rows } = await sql<{ indexname: string }>`
    select indexname from pg_indexes where tablename = 'entrada_jornada' order by indexname`.execute(t.db);
  return rows.map((r) => r.indexname);
}

test('0740 down and up again: the same lists and totals, each schema with its own indexes', async () => {
  const migrated = await answers();
  // The second course's entries, as seeded: one per filter that picks it out.
  const line = (i: number) => migrated[i]!.slice(URLS()[i]!.length + 1);
  assert.equal(line(1), `1 ${JSON.stringify([[await brbId('Zilda Prado'), 'Zilda Prado', 'APTO']])}`);
  assert.equal(line(4), `1 ${JSON.stringify([[await brbId('Xenia Ramos'), 'Xenia Ramos', 'SEM_RENOVACAO']])}`);
  assert.equal(line(7), `1 ${JSON.stringify([[await brbId('Wagner Lima'), 'Wagner Lima', 'EXCLUIDO']])}`);
  assert.match(line(5), /^11 /); // 10 of the 40 moved, and Xenia
  assert.match(line(6), /^10 /);
  const current = await entryIndexes();
  for (const name of NEW) assert.ok(current.includes(name), name);
  for (const name of OLD) assert.ok(!current.includes(name), name);

  await entryWriteIndexes.down(t.db);
  const before = await entryIndexes();
  for (const name of OLD) assert.ok(before.includes(name), name);
  for (const name of NEW) assert.ok(!before.includes(name), name);
  assert.deepEqual(await answers(), migrated);

  await entryWriteIndexes.up(t.db);
  assert.deepEqual(await entryIndexes(), current);
  assert.deepEqual(await answers(), migrated);
});
