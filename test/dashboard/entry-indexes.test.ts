import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import * as entryWriteIndexes from '../../src/db/migrations/0740_entry_write_indexes.js';
import * as entryIdentityKeys from '../../src/db/migrations/0750_entry_identity_keys.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { addCourse, addEntry, bulkEntries, setSituacao } from '../helpers/dashboard-factories.js';
import { createIe, createJourney, type TestIe, type TestJourney } from '../helpers/factories.js';

// Migrations 0740 (the campus and situação indexes give way to columns carried by the tab index)
// and 0750 (the CPF and matrícula indexes move to entrada_nome). Down and up again on a journey
// with entries, every filtered list, its total and every autocomplete answer must stay what they
// were, and each schema must hold exactly its own indexes.

let t: TestContext;
let ie: TestIe;
let second: TestIe;
let journey: TestJourney;

before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
  second = await addCourse(t.db, ie, { nome: 'Medicina', campusNome: 'Campus Norte' });
  journey = await createJourney(t.db, ie);
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
  '/s/v2/renovacao/autocomplete?termo=9000000001',
  '/s/v2/renovacao/autocomplete?termo=900.000.000-45',
  '/s/v2/renovacao/autocomplete?termo=MB9000000002',
  '/s/v2/renovacao/autocomplete?termo=MB90000000077',
  '/s/v2/renovacao/autocomplete?termo=aluno%20001',
  '/s/v2/renovacao/autocomplete?termo=xenia',
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
    select indexname from pg_indexes where tablename in ('entrada_jornada', 'entrada_nome') order by indexname`.execute(
    t.db,
  );
  return rows.map((r) => r.indexname);
}

const untyped = () => t.db as unknown as Kysely<unknown>;

const CASES = [
  {
    name: '0740',
    migration: entryWriteIndexes,
    old: ['entrada_jornada_campus_idx', 'entrada_jornada_situacao_idx', 'entrada_tab_nome_idx'],
    new: ['entrada_jornada_aba_idx'],
    /** The service's statements run on either schema. */
    bothWays: true,
  },
  {
    name: '0750',
    migration: entryIdentityKeys,
    old: ['entrada_jornada_cpf_idx', 'entrada_jornada_matricula_idx'],
    new: ['entrada_nome_cpf_idx', 'entrada_nome_matricula_idx'],
    bothWays: false,
  },
];

test('the lists and suggestions of the seeded journey', async () => {
  const migrated = await answers();
  // The second course's entries, as seeded: one per filter that picks it out.
  const line = (i: number) => migrated[i]!.slice(URLS()[i]!.length + 1);
  assert.equal(line(1), `1 ${JSON.stringify([[await brbId('Zilda Prado'), 'Zilda Prado', 'APTO']])}`);
  assert.equal(line(4), `1 ${JSON.stringify([[await brbId('Xenia Ramos'), 'Xenia Ramos', 'SEM_RENOVACAO']])}`);
  assert.equal(line(7), `1 ${JSON.stringify([[await brbId('Wagner Lima'), 'Wagner Lima', 'EXCLUIDO']])}`);
  assert.match(line(5), /^11 /); // 10 of the 40 moved, and Xenia
  assert.match(line(6), /^10 /);
  // CPF prefix: students 10 to 19, but 12 and 16 (every fourth of the first 40 is CANCELADO, in no tab).
  assert.equal((line(10).match(/"cpf":"9000000001\d"/g) ?? []).length, 8);
  assert.match(line(12), /"matricula":"MB9000000002\d"/);
});

for (const c of CASES) {
  test(`${c.name} down and up again: the same answers, each schema with its own indexes`, async () => {
    const migrated = await answers();
    const current = await entryIndexes();
    for (const name of c.new) assert.ok(current.includes(name), name);
    for (const name of c.old) assert.ok(!current.includes(name), name);

    await c.migration.down(untyped());
    const before = await entryIndexes();
    for (const name of c.old) assert.ok(before.includes(name), name);
    for (const name of c.new) assert.ok(!before.includes(name), name);
    if (c.bothWays) assert.deepEqual(await answers(), migrated);

    await c.migration.up(untyped());
    assert.deepEqual(await entryIndexes(), current);
    assert.deepEqual(await answers(), migrated);
  });
}

test('an entry written or corrected after 0750 is found by its CPF and matrícula', async () => {
  const added = await addEntry(t.db, second, journey, { nome: 'Vera Nova' });
  const entry = await t.db
    .selectFrom('entrada_jornada')
    .select(['cpf', 'matricula'])
    .where('id', '=', added.brbId)
    .executeTakeFirstOrThrow();
  const suggest = async (termo: string) => {
    const response = await t.call({
      method: 'GET',
      url: `/s/v2/renovacao/autocomplete?termo=${encodeURIComponent(termo)}`,
      ies: [ie.ieId],
    });
    assert.equal(response.statusCode, 200, response.body);
    return JSON.stringify(response.json());
  };
  assert.match(await suggest(entry.cpf), /Vera Nova/);
  assert.match(await suggest(entry.matricula), /Vera Nova/);
  await t.db.updateTable('entrada_jornada').set({ matricula: 'CORRIGIDA-777' }).where('id', '=', added.brbId).execute();
  assert.match(await suggest('CORRIGIDA-777'), /Vera Nova/);
  assert.doesNotMatch(await suggest(entry.matricula), /Vera Nova/);
});
