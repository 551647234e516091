import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database.js';
import { createTestDatabase, testDatabaseKind } from '../helpers/db.js';
import { createContract, createEntry, createIe, createJourney } from '../helpers/factories.js';

let database: DatabaseHandle;
before(async () => {
  database = await createTestDatabase();
});
after(() => database.close());

test(`two concurrent transactions, one rolled back, keep only the other's rows (${testDatabaseKind})`, async () => {
  const db = database.db;
  await sql`create table probe (id int primary key, who text not null)`.execute(db);
  let releaseA!: () => void;
  const aMayFinish = new Promise<void>((resolve) => {
    releaseA = resolve;
  });
  const failing = db.transaction().execute(async (trx) => {
    await trx
      .insertInto('probe' as never)
      .values({ id: 1, who: 'rolled-back' } as never)
      .execute();
    await aMayFinish;
    throw new Error('roll me back');
  });
  const committing = (async () => {
    await new Promise((r) => setTimeout(r, 20));
    const work = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('probe' as never)
        .values({ id: 2, who: 'committed' } as never)
        .execute();
    });
    releaseA();
    await work;
  })();
  await assert.rejects(failing, /roll me back/);
  await committing;
  const rows = await sql<{ id: number; who: string }>`select id, who from probe order by id`.execute(db);
  assert.deepEqual(rows.rows, [{ id: 2, who: 'committed' }]);
});

test('int8 comes back as number, numeric as an exact string, date as yyyy-mm-dd', async () => {
  const row = await sql<{ big: number; money: string; day: string }>`
    select 9007199254740991::int8 as big, 1168.005::numeric(12,3) as money, date '2026-03-01' as day`.execute(
    database.db,
  );
  assert.deepEqual(row.rows[0], { big: 9007199254740991, money: '1168.005', day: '2026-03-01' });
});

test('counters follow entries as they are inserted, change situation and are deleted', async () => {
  const db = database.db;
  const ie = await createIe(db);
  const journey = await createJourney(db, ie);
  const a = await createEntry(db, ie, journey, await createContract(db, ie));
  await createEntry(db, ie, journey, await createContract(db, ie));
  const counts = async () =>
    Object.fromEntries(
      (
        await db
          .selectFrom('contador_jornada')
          .select(['situacao', 'motivo', 'total'])
          .where('jornada_id', '=', journey.jornadaId)
          .where('total', '<>', 0)
          .execute()
      ).map((r) => [`${r.situacao}${r.motivo ? `/${r.motivo}` : ''}`, r.total]),
    );
  assert.deepEqual(await counts(), { APTO: 2 });
  await db
    .updateTable('entrada_jornada')
    .set({ situacao: 'SEM_RENOVACAO', motivo: 'EVASAO' })
    .where('id', '=', a.brbId)
    .execute();
  assert.deepEqual(await counts(), { APTO: 1, 'SEM_RENOVACAO/EVASAO': 1 });
  await db
    .updateTable('entrada_jornada')
    .set({ tags: ['x'] })
    .where('jornada_id', '=', journey.jornadaId)
    .execute();
  assert.deepEqual(await counts(), { APTO: 1, 'SEM_RENOVACAO/EVASAO': 1 });
});

test('the schema refuses a SEM_RENOVACAO entry without motivo, and a CPF that is not 11 digits', async () => {
  const db = database.db;
  const ie = await createIe(db);
  const journey = await createJourney(db, ie, { ano: 2025 });
  const entry = await createEntry(db, ie, journey, await createContract(db, ie));
  await assert.rejects(
    db
      .updateTable('entrada_jornada')
      .set({ situacao: 'SEM_RENOVACAO', motivo: null })
      .where('id', '=', entry.brbId)
      .execute(),
    (e: { code?: string }) => e.code === '23514',
  );
  await assert.rejects(
    db.insertInto('estudante').values({ cpf: '123', nome: 'X', nome_busca: 'x' }).execute(),
    (e: { code?: string }) => e.code === '23514',
  );
});
