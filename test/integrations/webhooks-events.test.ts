import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { TestContext } from '../helpers/app.js';
import { createJourney } from '../helpers/factories.js';
import { ieWithEntries } from '../helpers/values-factories.js';
import { registerEndpoint, startWebhookHarness, type WebhookHarness } from './webhook-harness.js';

// Issue 15, section 4: the event types not covered by the batch scenario (journey opened and
// closed, payment recorded), each written with its change and delivered signed, only to the
// endpoint of the IE it concerns.

let h: WebhookHarness;
let t: TestContext;
let receiver: WebhookHarness['receiver'];
let worker: WebhookHarness['worker'];
const EVENTS = ['jornada.aberta', 'jornada.encerrada', 'pagamento.registrado'];

before(async () => {
  h = await startWebhookHarness();
  ({ t, receiver, worker } = h);
});
after(() => h?.close());

const register = async (ieId: number) => (await registerEndpoint(t, [ieId], EVENTS, receiver.url)).endpoint;

test('journey opened and closed, payment recorded: one signed event each, to the IE concerned only', async () => {
  const mine = await ieWithEntries(t.db, ['FINALIZADO']);
  const theirs = await ieWithEntries(t.db, ['FINALIZADO']);
  const endpoint = await register(mine.ie.ieId);
  const otherEndpoint = await register(theirs.ie.ieId);

  const journey = await createJourney(t.db, mine.ie, { ano: 2027, semestre: 1 });
  await t.db
    .updateTable('jornada')
    .set({ status: 'ENCERRADA', encerrada_em: new Date() })
    .where('id', '=', journey.jornadaId)
    .execute();
  const { id: pagamentoId } = await t.db
    .insertInto('pagamento_restituicao')
    .values({
      contrato_id: mine.entries[0]!.contratoId,
      ie_id: mine.ie.ieId,
      parcela: 1,
      total_parcelas: 6,
      valor_parcela: '1168.00',
      valor_pago: '1168.00',
      taxa_retida: '168.00',
      valor_liquido: '1000.00',
      data_pagamento: '2026-03-10',
      competencia: '2026-03-01',
      registrado_por: 'teste',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  for (let i = 0; i < 20 && (await worker.runOnce()) > 0; i++);
  const verifier = new Webhook(endpoint.segredo);
  const events = receiver.received.map((r) => verifier.verify(r.body, r.headers as Record<string, string>)) as {
    type: string;
    data: Record<string, unknown>;
  }[];
  assert.deepEqual(events.map((e) => e.type).sort(), [...EVENTS].sort());
  const byType = Object.fromEntries(events.map((e) => [e.type, e.data]));
  assert.equal(byType['jornada.aberta']!.jornadaId, journey.jornadaId);
  assert.equal(byType['jornada.encerrada']!.jornadaId, journey.jornadaId);
  assert.equal(byType['pagamento.registrado']!.pagamentoId, pagamentoId);
  const toOther = await t.db
    .selectFrom('webhook_entrega')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('endpoint_id', '=', otherEndpoint.id)
    .executeTakeFirstOrThrow();
  assert.equal(Number(toOther.n), 0, "the other IE's endpoint gets none of them");
});
