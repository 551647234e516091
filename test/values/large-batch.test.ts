import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { Caller } from '../../src/http/auth.js';
import { sendValues } from '../../src/modules/values/send-values.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { testDatabaseKind } from '../helpers/db.js';
import { batchRows, entryState, ieWithEntries, valuesItem } from '../helpers/values-factories.js';

/**
 * A chunk of 5,000 rows or more tunes the batch's transaction for set-based work (more work
 * memory, no bitmap scans: batch-staging.ts). The actions module sends values inside a transaction
 * of its own that goes on after the batch, so the planner setting it changed must come back.
 */
let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

describe(`a batch with a chunk of 5,000 rows inside the caller's transaction (${testDatabaseKind})`, () => {
  test('its rows are decided and the transaction gets its planner settings back', async () => {
    const { ie, entries } = await ieWithEntries(t.db, ['APTO', 'APTO']);
    const [a, b] = entries.map((e) => e.brbId) as [number, number];
    // The first chunk is 2,000 rows; the second, 5,000, is a large one.
    const missing = Array.from({ length: 6998 }, (_, i) => valuesItem(900_000_000 + i));
    const caller: Caller = { sub: 'staff', name: 'Staff', role: 'IE', ies: [ie.ieId], grupoIe: null, all: false };

    const { result, bitmapScan } = await t.db.transaction().execute(async (trx) => {
      const result = await sendValues(trx, caller, {
        itens: [valuesItem(a), ...missing, valuesItem(b)],
        origem: 'V2_ENVIAR',
      });
      const { rows } = await sql<{ setting: string }>`select current_setting('enable_bitmapscan') as setting`.execute(
        trx,
      );
      return { result, bitmapScan: rows[0]!.setting };
    });

    assert.equal(bitmapScan, 'on');
    const rows = await batchRows(t.db, result.lote);
    assert.equal(rows.length, 7000);
    assert.deepEqual(
      rows.filter((r) => r.resultado === 'SUCESSO').map((r) => [r.linha, r.brb_id]),
      [
        [1, a],
        [7000, b],
      ],
    );
    assert.ok(
      rows
        .filter((r) => r.resultado === 'ERRO')
        .every((r) => (r.erros as { regra: string }[])[0]?.regra === 'NAO_ENCONTRADO'),
    );
    assert.equal((await entryState(t.db, a)).situacao, 'EM_PROCESSAMENTO');
    assert.equal((await entryState(t.db, b)).situacao, 'EM_PROCESSAMENTO');
  });
});
