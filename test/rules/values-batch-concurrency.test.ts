import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { countRows, testDatabaseKind } from '../helpers/db.js';
import {
  batchRows,
  countersOf,
  entryState,
  ieWithEntries,
  openRequests,
  valuesItem,
} from '../helpers/values-factories.js';

/**
 * Issue 12, case 12: an entry that changes while a batch is applied used to abort the whole batch
 * with 409. Now that row becomes its error and the rest is recorded. The change lands exactly
 * between the batch's check of a chunk and its move: a trigger on lote_linha (fired by the
 * statement that records the chunk's decisions) changes one entry, as a concurrent action
 * committing at that moment would. This runs on PGlite and PostgreSQL alike; the real two-session
 * race, on PostgreSQL only, is in test/values/chunks.test.ts.
 */
let t: TestContext;
before(async () => {
  t = await createTestApp({ VALUES_CHUNK_ROWS: '20' });
});
after(() => t.close());

async function changeWhenDecided(brbId: number) {
  await sql
    .raw(`
create or replace function test_concurrent_change() returns trigger language plpgsql as $$
begin
  update entrada_jornada set situacao = 'CANCELADO', versao = versao + 1 where id = ${brbId} and situacao = 'APTO';
  return null;
end $$;
create trigger test_concurrent_change after insert on lote_linha
  for each statement execute function test_concurrent_change();
`)
    .execute(t.db);
}

describe(`a batch during which one entry changes (${testDatabaseKind})`, () => {
  test('the changed row is its own error (CONCORRENCIA); the other rows are recorded', async () => {
    const { ie, entries } = await ieWithEntries(
      t.db,
      Array.from({ length: 50 }, () => 'APTO' as const),
    );
    const ids = entries.map((e) => e.brbId);
    const changed = ids[33]!;
    await changeWhenDecided(changed);
    const countersBefore = await countersOf(t.db, ids[0]!);
    const response = await t.call({
      method: 'POST',
      url: '/s/v2/contrato/valores/enviar',
      ies: [ie.ieId],
      payload: { valores: ids.map((id) => valuesItem(id)) },
    });
    await sql`drop trigger test_concurrent_change on lote_linha`.execute(t.db);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { lote: number; registrosComSucesso: number; registrosComErro: number };
    assert.deepEqual([body.registrosComSucesso, body.registrosComErro], [49, 1]);
    const rows = await batchRows(t.db, body.lote);
    assert.equal(rows.length, 50);
    const lost = rows.filter((r) => r.resultado === 'ERRO');
    assert.deepEqual(
      lost.map((r) => [r.linha, r.brb_id, r.erros.map((e) => e.regra)]),
      [[34, changed, ['CONCORRENCIA']]],
    );
    for (const id of ids) {
      const { situacao } = await entryState(t.db, id);
      assert.equal(situacao, id === changed ? 'CANCELADO' : 'EM_PROCESSAMENTO', `entry ${id}`);
    }
    assert.equal((await openRequests(t.db, changed)).length, 0, 'the lost row is no request');
    const events = await t.db.selectFrom('todos_eventos').select('id').where('entrada_id', '=', changed).execute();
    assert.equal(events.length, 0, 'nor a timeline event');
    // The batch's counts and the journey's counters agree with the rows.
    const lote = await t.db
      .selectFrom('lote')
      .select(['total', 'sucesso', 'erro'])
      .where('id', '=', body.lote)
      .executeTakeFirstOrThrow();
    assert.deepEqual(lote, { total: 50, sucesso: 49, erro: 1 });
    const countersAfter = await countersOf(t.db, ids[0]!);
    assert.equal(countersAfter.APTO ?? 0, countersBefore.APTO! - 50);
    assert.equal(countersAfter.EM_PROCESSAMENTO ?? 0, (countersBefore.EM_PROCESSAMENTO ?? 0) + 49);
    assert.equal(await countRows(t.database, 'lote'), 1);
  });
});
