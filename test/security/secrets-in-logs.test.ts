import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { scrubSecrets } from '../../src/http/logging.js';
import { startIntegrations } from '../../src/jobs/integrations.js';
import { notify } from '../../src/modules/notifications/notify.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe } from '../helpers/factories.js';
import { testLogLines } from '../helpers/test-logs.js';
import { assertNoSecrets } from './log-secrets.js';

// Issue 23, item 1: no secret in any log. The in-process app logs at trace (every line there is),
// through the same logger the service uses; the test then greps what was written.

const SMTP_PASSWORD = 'smtp-Senha-9f3k2';

/** An SMTP server that wants a login (smtp-server), so the URL carries a password. */
async function startAuthSmtp() {
  const mails: string[] = [];
  const server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'renova' && auth.password === SMTP_PASSWORD) return callback(null, { user: 'renova' });
      callback(new Error('bad login'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://renova:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startAuthSmtp>>;

before(async () => {
  smtp = await startAuthSmtp();
  t = await createTestApp({ LOG_LEVEL: 'trace', SMTP_URL: smtp.url, INTEGRATIONS_POLL_MS: '600000' });
});
after(async () => {
  await t?.close();
  await smtp?.close();
});

const log = () => testLogLines().join('');

test('a request with a bearer token, a refused token and a webhook registration leave no token or secret in the log', async () => {
  const ie = await createIe(t.db);
  const token = await t.token({ ies: [ie.ieId] });
  const ok = await t.call({ method: 'GET', url: '/s/v2/preferencias/email', token });
  assert.equal(ok.statusCode, 200, ok.body);
  const forged = `${token.slice(0, -4)}AAAA`;
  const refused = await t.call({ method: 'GET', url: '/s/v2/preferencias/email', token: forged });
  assert.equal(refused.statusCode, 401);
  // A token in the query string (some clients do that) is not logged either.
  await t.call({ method: 'GET', url: `/s/v2/preferencias/email?access_token=${token}`, token });

  const created = await t.call({
    method: 'POST',
    url: '/s/v2/webhooks/endpoints',
    token,
    payload: { url: 'http://127.0.0.1:9/hook', eventos: ['lote.processado'] },
  });
  assert.equal(created.statusCode, 201, created.body);
  const secret = created.json().segredo as string;
  assert.match(secret, /^whsec_/);

  const text = log();
  assert.match(text, /request completed/, 'the requests were logged');
  assert.match(text, /authentication_failed/, 'the refused token was logged as an event');
  assertNoSecrets(text, [secret, token, forged, secret.slice(6)], 'in-process app');
});

test('an e-mail sent through an SMTP server with a password leaves the password out of the log', async () => {
  const ie = await createIe(t.db);
  const sub = `user-${randomUUID()}`;
  const token = await t.token({ sub, ies: [ie.ieId] });
  const saved = await t.call({
    method: 'PUT',
    url: '/s/v2/preferencias/email',
    token,
    payload: { email: 'financeiro@ie.test' },
  });
  assert.equal(saved.statusCode, 200, saved.body);
  await t.db
    .transaction()
    .execute((trx) =>
      notify(trx, [{ ieId: ie.ieId, tipo: 'LOTE_PROCESSADO', titulo: 'Lote processado', mensagem: 'Lote 1 pronto.' }]),
    );
  const worker = await startIntegrations(t.config, t.db, t.app.log, null);
  try {
    for (let i = 0; i < 100 && smtp.mails.length === 0; i++) {
      await worker.runOnce();
      if (smtp.mails.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await worker.stop();
  }
  assert.equal(smtp.mails.length, 1, 'the e-mail went out through the authenticated server');
  // The configuration itself, logged as a careless line would log it.
  t.app.log.info({ smtp: t.config.integrations.smtpUrl }, 'integrations configured');
  const text = log();
  assert.match(text, /integrations configured/);
  assertNoSecrets(text, [SMTP_PASSWORD], 'SMTP send');
});

test('the scrubber removes every kind of secret from a finished line', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
  const line = JSON.stringify({
    db: 'postgres://renova:pg-Senha@db.internal:5432/renova',
    redis: 'rediss://:redis-Senha@cache:6380/0',
    smtp: `smtps://user%40x:${SMTP_PASSWORD}@mail:465`,
    header: `Bearer ${jwt}`,
    url: '/s/x?token=abc123&code=xyz&ok=1',
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  });
  const out = scrubSecrets(line);
  assertNoSecrets(out, ['pg-Senha', 'redis-Senha', SMTP_PASSWORD, 'abc123', 'xyz'], 'scrubbed line');
  assert.match(out, /db\.internal:5432/, 'the rest of the URL stays readable');
  assert.match(out, /ok=1/);
});
