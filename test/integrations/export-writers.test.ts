import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, test } from 'node:test';
import { type Column, csvWriter } from '../../src/modules/exports/export.format.js';
import { xlsxWriter } from '../../src/modules/exports/export.xlsx.js';

/**
 * The writers wait for the client (backpressure) and give up when it goes away: a download cut
 * short must end the export (and free its database cursor), never leave it waiting for ever.
 */
interface R {
  id: number;
  nome: string;
}
const COLUMNS: Column<R>[] = [
  { header: 'Id', type: 'int', value: (r) => r.id },
  { header: 'Nome', type: 'text', value: (r) => r.nome },
];
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, nome: `Estudante número ${i + 1}` }));
const settledWithin = (p: Promise<unknown>, ms: number) =>
  Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

for (const [name, make] of [
  ['csv', (out: PassThrough) => csvWriter(out, COLUMNS, 'pt-BR')],
  ['xlsx', (out: PassThrough) => xlsxWriter(out, COLUMNS, 'pt-BR', 'teste')],
] as const) {
  describe(`${name} writer`, () => {
    test('waits while nobody reads; rejects once the client is gone', async () => {
      const out = new PassThrough({ highWaterMark: 16 * 1024 });
      const writing = (await make(out)).write(rows(50_000));
      assert.equal(await settledWithin(writing, 300), false, 'still waiting for the reader');
      out.destroy();
      await assert.rejects(writing, /closed before the list was written/);
    });

    test('a reader that keeps up gets every row', async () => {
      const out = new PassThrough();
      let bytes = 0;
      out.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      const writer = await make(out);
      await writer.write(rows(5_000));
      await writer.end();
      assert.ok(bytes > 50_000, `${bytes} bytes`);
    });
  });
}
