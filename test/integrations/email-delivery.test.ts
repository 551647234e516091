import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { startIntegrations } from '../../src/jobs/integrations.js';
import { notify } from '../../src/modules/notifications/notify.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe } from '../helpers/factories.js';
import { parseMail, startSmtpReceiver } from './smtp-receiver.js';

// Issue 15, section 3: notifications e-mailed through a real SMTP server, by the worker, never
// inside the request's transaction.

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let worker: Awaited<ReturnType<typeof startIntegrations>>;

before(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    SMTP_FROM: 'Renova <avisos@renova.test>',
    INTEGRATIONS_BACKOFF_MS: '20',
    INTEGRATIONS_POLL_MS: '600000',
  });
  worker = await startIntegrations(t.config, t.db, t.app.log, null);
});
after(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
});

/** Runs the worker until nothing is due (retries included), as its timer would. */
async function drain() {
  for (let i = 0; i < 50; i++) {
    const handled = await worker.runOnce();
    const pending = await t.db
      .selectFrom('email_saida')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'PENDENTE')
      .executeTakeFirstOrThrow();
    if (handled === 0 && Number(pending.n) === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('e-mail outbox did not drain');
}

async function subscribe(ies: number[], email: string, tipos?: string[]) {
  const sub = `user-${randomUUID()}`;
  const token = await t.token({ sub, ies });
  const response = await t.call({
    method: 'PUT',
    url: '/s/v2/preferencias/email',
    token,
    payload: { email, ...(tipos ? { tipos } : {}) },
  });
  assert.equal(response.statusCode, 200, response.body);
  return { sub, token };
}

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

test('the preference is saved per user, with the token IEs, and read back', async () => {
  const ie = await createIe(t.db);
  const { token } = await subscribe([ie.ieId], 'pref@ie.test', ['LOTE_PROCESSADO']);
  const read = await t.call({ method: 'GET', url: '/s/v2/preferencias/email', token });
  assert.deepEqual(read.json(), {
    ativo: true,
    envioConfigurado: true,
    email: 'pref@ie.test',
    tipos: ['LOTE_PROCESSADO'],
    ies: [ie.ieId],
  });
  const bad = await t.call({ method: 'PUT', url: '/s/v2/preferencias/email', token, payload: { email: 'não' } });
  assert.equal(bad.statusCode, 400);
  const removed = await t.call({ method: 'DELETE', url: '/s/v2/preferencias/email', token });
  assert.equal(removed.statusCode, 204);
  const off = await t.call({ method: 'GET', url: '/s/v2/preferencias/email', token });
  assert.deepEqual(off.json(), { ativo: false, envioConfigurado: true, email: null, tipos: null, ies: [] });
});

test('a notification is e-mailed once to each user who asked for it: pt-BR subject, text and HTML', async () => {
  const ie = await createIe(t.db);
  const other = await createIe(t.db);
  const _ana = await subscribe([ie.ieId], 'ana@ie.test');
  await subscribe([ie.ieId], 'bruno@ie.test', ['JANELA_FECHANDO']); // another kind only
  await subscribe([other.ieId], 'carla@outra.test'); // another IE
  const direct = await subscribe([ie.ieId], 'davi@ie.test');

  await notify(t.db, [
    {
      ieId: ie.ieId,
      tipo: 'LOTE_PROCESSADO',
      titulo: 'Lote 7 processado',
      mensagem: 'O lote 7 foi processado: 2 aceitas, 1 recusada <revise>.',
    },
    { ieId: ie.ieId, usuario: direct.sub, tipo: 'ACAO_RECUSADA', titulo: 'Ação recusada', mensagem: 'Só para Davi.' },
  ]);
  assert.equal(smtp.mails.length, 0, 'nothing is sent inside the writer; the worker sends');
  await drain();
  await drain(); // a second pass sends nothing more

  const ana1 = mailsTo('ana@ie.test');
  assert.equal(ana1.length, 1);
  assert.equal(mailsTo('bruno@ie.test').length, 0, 'bruno asked only for JANELA_FECHANDO');
  assert.equal(mailsTo('carla@outra.test').length, 0, "another IE's user gets nothing");
  const davi = mailsTo('davi@ie.test');
  assert.equal(davi.length, 2, 'davi: the IE-wide notification and the one addressed to him');

  const parsed = parseMail(ana1[0]!.raw);
  assert.equal(parsed.subject, '[Renova] Lote 7 processado');
  assert.match(parsed.from, /avisos@renova\.test/);
  assert.equal(ana1[0]!.from, 'avisos@renova.test');
  assert.deepEqual(ana1[0]!.to, ['ana@ie.test']);
  assert.match(parsed.text, /O lote 7 foi processado: 2 aceitas, 1 recusada <revise>\./);
  assert.match(parsed.text, /Tipo: Lote processado/);
  assert.match(parsed.text, /Data: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  assert.match(parsed.html, /<html lang="pt-BR">/);
  assert.match(parsed.html, /1 recusada &lt;revise&gt;\./, 'HTML escaped');
  assert.doesNotMatch(parsed.html, /<revise>/);
  assert.match(parsed.html, /Você recebe este e-mail porque pediu avisos/);

  const rows = await t.db
    .selectFrom('email_saida')
    .select(['status', 'tentativas'])
    .where('email', '=', 'ana@ie.test')
    .execute();
  assert.deepEqual(rows, [{ status: 'ENVIADO', tentativas: 1 }]);
});

test('a refused delivery (4xx, then 5xx) is retried with backoff and then sent, once', async () => {
  const ie = await createIe(t.db);
  await subscribe([ie.ieId], 'eva@ie.test');
  smtp.refuseNext(451, 550);
  const refusedBefore = smtp.refusedCount();
  await notify(t.db, [
    { ieId: ie.ieId, tipo: 'JANELA_FECHANDO', titulo: 'Janela fechando', mensagem: 'Faltam 7 dias.' },
  ]);

  const attempted = Date.now();
  await worker.runOnce();
  const first = await t.db
    .selectFrom('email_saida')
    .selectAll()
    .where('email', '=', 'eva@ie.test')
    .executeTakeFirstOrThrow();
  assert.equal(first.status, 'PENDENTE');
  assert.equal(first.tentativas, 1);
  assert.match(first.ultimo_erro ?? '', /451/);
  // The first retry waits INTEGRATIONS_BACKOFF_MS (20 ms) from the refusal, which came after
  // `attempted` (measured from then, not from now: a loaded machine may take longer than 20 ms
  // to get here).
  assert.ok(new Date(first.proxima_em).getTime() >= attempted + 20, 'the retry waits for the backoff');

  await drain();
  assert.equal(smtp.refusedCount() - refusedBefore, 2);
  assert.equal(mailsTo('eva@ie.test').length, 1, 'sent once after the refusals');
  const done = await t.db
    .selectFrom('email_saida')
    .selectAll()
    .where('email', '=', 'eva@ie.test')
    .executeTakeFirstOrThrow();
  assert.equal(done.status, 'ENVIADO');
  assert.equal(done.tentativas, 3);
});

test('a change that rolls back e-mails nothing', async () => {
  const ie = await createIe(t.db);
  await subscribe([ie.ieId], 'fabio@ie.test');
  await assert.rejects(
    t.db.transaction().execute(async (trx) => {
      await notify(trx, [{ ieId: ie.ieId, tipo: 'LOTE_PROCESSADO', titulo: 'Desfeito', mensagem: 'Não deve sair.' }]);
      throw new Error('the change fails after notifying');
    }),
    /the change fails/,
  );
  await drain();
  assert.equal(mailsTo('fabio@ie.test').length, 0);
  const rows = await t.db.selectFrom('email_saida').select('id').where('email', '=', 'fabio@ie.test').execute();
  assert.equal(rows.length, 0);
});
