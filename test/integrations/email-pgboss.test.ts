import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { DELIVERY_QUEUE, startIntegrations } from '../../src/jobs/integrations.js';
import { notify } from '../../src/modules/notifications/notify.js';
import { createTestApp, databaseUrl, type TestContext } from '../helpers/app.js';
import { createIe } from '../helpers/factories.js';
import { startSmtpReceiver } from './smtp-receiver.js';

// Issue 15, section 3, on PostgreSQL as the service runs it: the worker's timer hands due e-mails
// to pg-boss as jobs and a pg-boss worker sends them; a refused send is retried (by the outbox
// row, not by pg-boss) and then sent, once. The other e-mail tests call the worker directly.

const skip = process.env.TEST_DATABASE_URL ? false : 'PostgreSQL only (pg-boss)';
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let boss: PgBoss;
let worker: Awaited<ReturnType<typeof startIntegrations>>;

before(async () => {
  if (skip) return;
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    SMTP_FROM: 'Renova <avisos@renova.test>',
    INTEGRATIONS_BACKOFF_MS: '50',
    INTEGRATIONS_POLL_MS: '100',
    INTEGRATIONS_IDLE_POLL_MS: '200',
  });
  // The file's own database (createTestApp cloned it), reached by URL as pg-boss needs.
  boss = new PgBoss({ connectionString: databaseUrl(t), max: 2, schedule: false });
  await boss.start();
  worker = await startIntegrations(t.config, t.db, t.app.log, boss);
});
after(async () => {
  await worker?.stop();
  await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  await t?.close();
  await smtp?.close();
});

test('pg-boss jobs send the e-mail; a refusal is retried with backoff, then sent once', { skip }, async () => {
  const ie = await createIe(t.db);
  const token = await t.token({ sub: `user-${randomUUID()}`, ies: [ie.ieId] });
  const saved = await t.call({
    method: 'PUT',
    url: '/s/v2/preferencias/email',
    token,
    payload: { email: 'gil@ie.test' },
  });
  assert.equal(saved.statusCode, 200, saved.body);
  smtp.refuseNext(451);
  await notify(t.db, [
    { ieId: ie.ieId, tipo: 'LOTE_PROCESSADO', titulo: 'Lote 9 processado', mensagem: 'Tudo certo.' },
  ]);

  const sent = () => smtp.mails.filter((m) => m.to.includes('gil@ie.test'));
  for (let i = 0; i < 200 && sent().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(sent().length, 1, 'sent by the pg-boss worker');
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(sent().length, 1, 'once');
  const row = await t.db
    .selectFrom('email_saida')
    .select(['status', 'tentativas'])
    .where('email', '=', 'gil@ie.test')
    .executeTakeFirstOrThrow();
  assert.deepEqual(row, { status: 'ENVIADO', tentativas: 2 });
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pgboss.job where name = ${DELIVERY_QUEUE} and state = 'completed'`.execute(t.db);
  assert.ok(Number(rows[0]!.n) >= 2, `${rows[0]!.n} completed delivery jobs: the refused try and the send`);
});
