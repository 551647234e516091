import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { startIntegrations } from '../../src/jobs/integrations.js';
import { notify } from '../../src/modules/notifications/notify.js';
import type { TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { createIe } from '../helpers/factories.js';
import { ieWithEntries, valuesItem } from '../helpers/values-factories.js';
import { registerEndpoint, startWebhookHarness, type WebhookHarness } from './webhook-harness.js';

// Issue 15, section 4: events written in the change's transaction, delivered signed (Standard
// Webhooks), retried, logged; each endpoint sees only its own IE's events.

let h: WebhookHarness;
let t: TestContext;
let receiver: WebhookHarness['receiver'];
let worker: WebhookHarness['worker'];
const ENDPOINTS = '/s/v2/webhooks/endpoints';

before(async () => {
  h = await startWebhookHarness({ INTEGRATIONS_BACKOFF_MS: '20' });
  ({ t, receiver, worker } = h);
});
after(() => h?.close());

/** Runs the worker until no delivery is due or waiting for a retry. */
async function drain(run = () => worker.runOnce()) {
  for (let i = 0; i < 60; i++) {
    const handled = await run();
    const pending = await t.db
      .selectFrom('webhook_entrega as d')
      .innerJoin('webhook_endpoint as e', 'e.id', 'd.endpoint_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('d.status', '=', 'PENDENTE')
      .where('e.ativo', '=', true)
      .executeTakeFirstOrThrow();
    if (handled === 0 && Number(pending.n) === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('webhook outbox did not drain');
}

const register = (ies: number[], eventos: string[], url = receiver.url) => registerEndpoint(t, ies, eventos, url);

const bodies = (ids: string[]) =>
  receiver.received.filter((r) => ids.includes(String(r.headers['webhook-id']))).map((r) => JSON.parse(r.body));

test('register: the secret is shown once; URL rules; list, read, change and delete only within the IE', async () => {
  const ie = await createIe(t.db);
  const other = await createIe(t.db);
  const { token, endpoint } = await register([ie.ieId], ['jornada.aberta']);
  assert.match(endpoint.segredo, /^whsec_[A-Za-z0-9+/]+=*$/);
  const read = await t.call({ method: 'GET', url: `${ENDPOINTS}/${endpoint.id}`, token });
  assert.equal(read.statusCode, 200);
  assert.equal(read.json().segredo, undefined, 'the secret is never shown again');
  assert.equal(read.json().ieId, ie.ieId);

  for (const url of ['ftp://127.0.0.1/x', 'http://example.com/hook', 'https://user:pw@example.com/x']) {
    const before = await countRows(t.database, 'webhook_endpoint');
    const refused = await t.call({
      method: 'POST',
      url: ENDPOINTS,
      token,
      payload: { url, eventos: ['lote.processado'] },
    });
    assert.equal(refused.statusCode, 422, `${url}: ${refused.body}`);
    assert.equal(await countRows(t.database, 'webhook_endpoint'), before, 'nothing registered');
  }
  const badEvent = await t.call({
    method: 'POST',
    url: ENDPOINTS,
    token,
    payload: { url: receiver.url, eventos: ['x'] },
  });
  assert.equal(badEvent.statusCode, 400);

  // Another IE's system: every id-taking operation answers 404, and its list never shows the endpoint.
  const stranger = await t.token({ sub: 'sis-outra', ies: [other.ieId], role: 'API' });
  const created = await t.call({
    method: 'POST',
    url: ENDPOINTS,
    token: stranger,
    payload: { url: receiver.url, eventos: ['lote.processado'], ieId: ie.ieId },
  });
  assert.equal(created.statusCode, 404, 'registering for another IE');
  for (const [method, url, payload] of [
    ['GET', `${ENDPOINTS}/${endpoint.id}`],
    ['PATCH', `${ENDPOINTS}/${endpoint.id}`, { ativo: false }],
    ['DELETE', `${ENDPOINTS}/${endpoint.id}`],
    ['GET', `${ENDPOINTS}/${endpoint.id}/entregas`],
    ['POST', `${ENDPOINTS}/${endpoint.id}/entregas/1/reenviar`],
  ] as const) {
    const response = await t.call({ method, url, token: stranger, ...(payload ? { payload } : {}) });
    assert.equal(response.statusCode, 404, `${method} ${url}`);
  }
  const theirList = await t.call({ method: 'GET', url: ENDPOINTS, token: stranger });
  assert.equal(theirList.json().total, 0);
  const still = await t.db
    .selectFrom('webhook_endpoint')
    .select('ativo')
    .where('id', '=', endpoint.id)
    .executeTakeFirst();
  assert.deepEqual(still, { ativo: true }, "the stranger's PATCH and DELETE changed nothing");

  const list = await t.call({ method: 'GET', url: ENDPOINTS, token });
  assert.deepEqual(
    list.json().itens.map((e: { id: number }) => e.id),
    [endpoint.id],
  );
  const changed = await t.call({
    method: 'PATCH',
    url: `${ENDPOINTS}/${endpoint.id}`,
    token,
    payload: { eventos: ['jornada.aberta', 'jornada.encerrada'], descricao: 'ERP' },
  });
  assert.equal(changed.statusCode, 200, changed.body);
  assert.deepEqual(changed.json().eventos, ['jornada.aberta', 'jornada.encerrada']);
  const ieUser = await t.token({ ies: [ie.ieId], role: 'IE' });
  assert.equal((await t.call({ method: 'GET', url: ENDPOINTS, token: ieUser })).json().total, 1, 'IE staff too');
  const operator = await t.call({ method: 'GET', url: ENDPOINTS, role: 'OPERADOR', ies: [] });
  assert.equal(operator.statusCode, 403);
  const removed = await t.call({ method: 'DELETE', url: `${ENDPOINTS}/${endpoint.id}`, token });
  assert.equal(removed.statusCode, 204);
  assert.equal((await t.call({ method: 'GET', url: `${ENDPOINTS}/${endpoint.id}`, token })).statusCode, 404);
});

test('a values batch: signed events that verify with standardwebhooks, only to the IE that owns them', async () => {
  const { ie, entries } = await ieWithEntries(t.db, ['APTO', 'APTO']);
  const other = await ieWithEntries(t.db, ['APTO']);
  const mine = await register([ie.ieId], ['entrada.situacao-alterada', 'lote.processado', 'notificacao.criada']);
  const theirs = await register([other.ie.ieId], ['entrada.situacao-alterada', 'lote.processado']);
  const [a, b] = entries.map((e) => e.brbId) as [number, number];

  const token = await t.token({ ies: [ie.ieId] });
  const sent = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    token,
    payload: { valores: [valuesItem(a), valuesItem(b)] },
  });
  assert.equal(sent.statusCode, 200, sent.body);
  const { lote } = sent.json() as { lote: number };
  const processed = await t.call({
    method: 'POST',
    url: `/s/operador/lotes/${lote}/aceitar`,
    role: 'OPERADOR',
    ies: [],
    payload: { linhas: [1, 2] },
  });
  assert.equal(processed.statusCode, 200, processed.body);
  await drain();

  const messages = await t.db
    .selectFrom('webhook_entrega as d')
    .innerJoin('webhook_mensagem as m', 'm.id', 'd.mensagem_id')
    .select(['m.id', 'm.tipo', 'd.endpoint_id', 'd.status'])
    .where('d.endpoint_id', 'in', [mine.endpoint.id, theirs.endpoint.id])
    .execute();
  assert.ok(
    messages.every((m) => m.endpoint_id === mine.endpoint.id),
    "the other IE's endpoint gets nothing",
  );
  assert.ok(messages.every((m) => m.status === 'ENTREGUE'));
  const types = messages.map((m) => m.tipo).sort();
  assert.ok(types.filter((x) => x === 'entrada.situacao-alterada').length >= 2, types.join());
  assert.ok(types.includes('lote.processado'), types.join());
  assert.ok(types.includes('notificacao.criada'), types.join());

  const verifier = new Webhook(mine.endpoint.segredo);
  const mineIds = messages.map((m) => m.id);
  const deliveries = receiver.received.filter((r) => mineIds.includes(String(r.headers['webhook-id'])));
  assert.equal(deliveries.length, mineIds.length, 'one POST per event');
  for (const r of deliveries) {
    const payload = verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: unknown };
    assert.ok(payload.type);
    assert.match(String(r.headers['webhook-signature']), /^v1,/);
    assert.throws(() => new Webhook(theirs.endpoint.segredo).verify(r.body, r.headers as Record<string, string>));
  }
  const changes = bodies(mineIds).filter((p) => p.type === 'entrada.situacao-alterada');
  const first = changes.find((p) => p.data.brbId === a && p.data.situacaoAnterior === 'APTO');
  assert.ok(first, JSON.stringify(changes));
  assert.equal(first.data.situacao, 'EM_PROCESSAMENTO');
  const batch = bodies(mineIds).find((p) => p.type === 'lote.processado');
  assert.equal(batch.data.loteId, lote);
  assert.equal(batch.data.total, 2);
  assert.equal(batch.data.aceitas, 2);
});

test('receiver down: retried with backoff, delivered, the log shows each attempt; redeliver sends the same id', async () => {
  const ie = await createIe(t.db);
  const { token, endpoint } = await register([ie.ieId], ['notificacao.criada']);
  receiver.answerNext(503, 500);
  await notify(t.db, [{ ieId: ie.ieId, tipo: 'JANELA_FECHANDO', titulo: 'Janela', mensagem: 'Faltam 7 dias.' }]);
  await worker.runOnce();
  const log1 = await t.call({ method: 'GET', url: `${ENDPOINTS}/${endpoint.id}/entregas`, token });
  const [pending] = log1.json().itens;
  assert.equal(pending.status, 'PENDENTE');
  assert.equal(pending.historico[0].statusHttp, 503);
  await drain();

  const log = await t.call({ method: 'GET', url: `${ENDPOINTS}/${endpoint.id}/entregas`, token });
  assert.equal(log.statusCode, 200, log.body);
  const [delivery] = log.json().itens;
  assert.equal(delivery.status, 'ENTREGUE');
  assert.equal(delivery.tentativas, 3);
  assert.deepEqual(
    delivery.historico.map((h: { statusHttp: number }) => h.statusHttp),
    [503, 500, 204],
  );
  assert.ok(delivery.historico.every((h: { latenciaMs: number }) => h.latenciaMs >= 0));
  const sameId = receiver.ids().filter((id) => id === delivery.mensagemId);
  assert.equal(sameId.length, 3, 'every retry carries the same webhook-id');

  const again = await t.call({
    method: 'POST',
    url: `${ENDPOINTS}/${endpoint.id}/entregas/${delivery.id}/reenviar`,
    token,
  });
  assert.equal(again.statusCode, 202, again.body);
  await drain();
  assert.equal(receiver.ids().filter((id) => id === delivery.mensagemId).length, 4);
});

test('a change that rolls back writes no event', async () => {
  const ie = await createIe(t.db);
  await register([ie.ieId], ['notificacao.criada']);
  const before = await countRows(t.database, 'webhook_mensagem');
  await assert.rejects(
    t.db.transaction().execute(async (trx) => {
      await notify(trx, [{ ieId: ie.ieId, tipo: 'LOTE_PROCESSADO', titulo: 'Desfeito', mensagem: 'x' }]);
      throw new Error('rolled back');
    }),
  );
  assert.equal(await countRows(t.database, 'webhook_mensagem'), before);
});

test('failing past the retry window disables the endpoint and notifies the IE', async () => {
  const ie = await createIe(t.db);
  const { token, endpoint } = await register([ie.ieId], ['pagamento.registrado', 'notificacao.criada']);
  receiver.answerNext(500, 500, 500, 500, 500, 500);
  await notify(t.db, [{ ieId: ie.ieId, tipo: 'LOTE_PROCESSADO', titulo: 'Lote', mensagem: 'x' }]);
  const shortWindow = await startIntegrations(
    { ...t.config, integrations: { ...t.config.integrations, webhookRetryWindowMs: 60 } },
    t.db,
    t.app.log,
    null,
  );
  try {
    await drain(() => shortWindow.runOnce());
  } finally {
    await shortWindow.stop();
  }
  const read = await t.call({ method: 'GET', url: `${ENDPOINTS}/${endpoint.id}`, token });
  assert.equal(read.json().ativo, false);
  assert.match(read.json().desativadoMotivo, /24 horas/);
  const notes = await t.db
    .selectFrom('notificacao')
    .select(['tipo', 'dados'])
    .where('ie_id', '=', ie.ieId)
    .where('tipo', '=', 'WEBHOOK_DESATIVADO')
    .execute();
  assert.equal(notes.length, 1);
  const [failed] = (
    await t.call({ method: 'GET', url: `${ENDPOINTS}/${endpoint.id}/entregas?status=FALHOU`, token })
  ).json().itens;
  assert.equal(failed.status, 'FALHOU');
  const refused = await t.call({
    method: 'POST',
    url: `${ENDPOINTS}/${endpoint.id}/entregas/${failed.id}/reenviar`,
    token,
  });
  assert.equal(refused.statusCode, 409, 'a disabled endpoint is re-enabled first');
});
