import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database.js';
import { seedIfEmpty } from '../../src/seed/index.js';
import { createTestDatabase, testDatabaseKind } from '../helpers/db.js';

// Rebuilding keys and indexes after the load, as big seeds do, must not change the data either.
const OPTIONS = { ies: 2, students: 600, seed: 11, today: '2025-09-02', bulkLoad: true };
const databases: DatabaseHandle[] = [];
before(async () => {
  for (let i = 0; i < 3; i++) databases.push(await createTestDatabase());
});
after(async () => {
  for (const d of databases) await d.close();
});

/** A digest of every seeded table's content, in id order. */
async function fingerprint(database: DatabaseHandle) {
  const digest = async (query: ReturnType<typeof sql<{ md5: string }>>) =>
    (await query.execute(database.db)).rows[0]!.md5;
  return {
    ies: await digest(
      sql`select md5(string_agg(t::text, '|' order by id)) as md5 from (select id, nome, sigla, cnpj, cidade, uf, grupo_ie_id from ie) t`,
    ),
    courses: await digest(sql`select md5(string_agg(t::text, '|' order by id)) as md5 from curso t`),
    students: await digest(sql`select md5(string_agg(t::text, '|' order by id)) as md5 from estudante t`),
    contracts: await digest(sql`select md5(string_agg(t::text, '|' order by id)) as md5 from contrato t`),
    entries: await digest(
      sql`select md5(string_agg(t::text, '|' order by id)) as md5 from (select id, jornada_id, contrato_id, cpf, matricula, nome_busca, situacao, motivo, tags, created_at, updated_at from entrada_jornada) t`,
    ),
    events: await digest(sql`select md5(string_agg(t::text, '|' order by id)) as md5 from evento_timeline t`),
    requests: await digest(sql`select md5(string_agg(t::text, '|' order by id)) as md5 from solicitacao t`),
    addenda: await digest(sql`select md5(string_agg(t::text, '|' order by id)) as md5 from aditivo t`),
    journeys: await digest(sql`select md5(string_agg(t::text, '|' order by id)) as md5 from jornada t`),
    batches: await digest(
      sql`select md5(string_agg(t::text, '|' order by lote_id, linha)) as md5 from (select lote_id, linha, brb_id, aditivo_id, processamento, valor_contrato from lote_linha) t`,
    ),
    payments: await digest(sql`select md5(string_agg(t::text, '|' order by id)) as md5 from pagamento_restituicao t`),
  };
}

/** Every index and constraint of the schema, as the database would recreate it. */
async function schemaObjects(database: DatabaseHandle) {
  const { rows } = await sql<{ def: string }>`
    select indexdef as def from pg_indexes where schemaname = current_schema()
    union all
    select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated
    from pg_constraint where connamespace = current_schema()::regnamespace
    order by 1`.execute(database.db);
  return rows.map((r) => r.def);
}

test(`the same options give identical data; another seed gives other data (${testDatabaseKind})`, async () => {
  const [a, b, c] = databases as [DatabaseHandle, DatabaseHandle, DatabaseHandle];
  const schema = await schemaObjects(a);
  assert.equal(await seedIfEmpty(a.db, OPTIONS), true);
  assert.deepEqual(await schemaObjects(a), schema, 'indexes and foreign keys are back, validated, after the bulk load');
  assert.equal(await seedIfEmpty(b.db, OPTIONS), true);
  assert.equal(await seedIfEmpty(c.db, { ...OPTIONS, seed: 12 }), true);
  const [fa, fb, fc] = [await fingerprint(a), await fingerprint(b), await fingerprint(c)];
  assert.deepEqual(fa, fb);
  for (const key of ['students', 'contracts', 'entries', 'events', 'payments'] as const)
    assert.notEqual(fa[key], fc[key], key);
  const [payments] = (await sql<{ n: number }>`select count(*)::int8 as n from pagamento_restituicao`.execute(a.db))
    .rows;
  assert.ok(payments!.n > 0, 'the data includes restitution payments');
});
