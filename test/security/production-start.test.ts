import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { createAuth } from '../../src/http/auth.js';
import { prepareDataDir, serve } from '../cli/process.js';
import { createIe } from '../helpers/factories.js';
import { assertNoSecrets } from './log-secrets.js';

// Issue 23, item 1, against a real process: a production start prints how to mint a token, never
// a token, and its log (stdout and stderr) holds no token, webhook secret or password after a
// request with a bearer token, a refused token and a webhook registration.

const pgUrl = process.env.TEST_DATABASE_URL;
const JWT_SECRET = `jwt-secret-${randomBytes(16).toString('hex')}`;
const DB_PASSWORD = 'pg-Senha-q8x1';

/** A database cloned from the suite's migrated template, reached with a password in its URL. */
async function productionDatabase(url: string) {
  const name = `renova_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = process.env.TEST_PG_TEMPLATE;
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  target.username ||= 'postgres';
  target.password = DB_PASSWORD; // the test server trusts 127.0.0.1: the password is only there to leak
  return {
    url: target.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

test('a production start on PostgreSQL prints no token, and its log holds no secret', {
  skip: pgUrl ? false : 'PostgreSQL only (production needs it)',
}, async () => {
  const database = await productionDatabase(pgUrl!);
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    JWT_SECRET,
    LOG_LEVEL: 'debug',
    HOST: '127.0.0.1',
    SMTP_URL: 'smtp://renova:smtp-Senha-7y@127.0.0.1:9',
  };
  const handle = await createDatabase({ kind: 'postgres', url: database.url, poolMax: 2 });
  const ie = await createIe(handle.db).finally(() => handle.close());
  const server = await serve(env);
  try {
    assert.match(server.stdout(), /renova token --role IE/, 'says how to mint a token');
    const auth = await createAuth(loadConfig({ JWT_SECRET }).jwt, null);
    const token = await auth.sign!({ sub: 'sec-test', role: 'IE', ies: [ie.ieId], ttl: '5m' });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    assert.equal((await fetch(`${server.url}/s/v2/preferencias/email`, { headers })).status, 200);
    const forged = `${token.slice(0, -4)}AAAA`;
    const refused = await fetch(`${server.url}/s/v2/preferencias/email`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    assert.equal(refused.status, 401);
    const created = await fetch(`${server.url}/s/v2/webhooks/endpoints`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: 'https://8.8.8.8/hook', eventos: ['lote.processado'] }),
    });
    const body = (await created.json()) as { segredo?: string };
    assert.equal(created.status, 201, JSON.stringify(body));
    assert.match(body.segredo ?? '', /^whsec_/);
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    const code = await server.stop();
    assert.equal(code, 0);
    const all = `${server.stdout()}\n${server.stderr()}`;
    const completed = all.split('\n').filter((line) => line.includes('"msg":"request completed"'));
    const health = completed.find((line) => line.includes('"url":"/healthz"'));
    const api = completed.find((line) => line.includes('"url":"/s/v2/preferencias/email"'));
    assert.match(api ?? '', /"level":30/, 'production logs API requests at info');
    assert.match(health ?? '', /"level":20/, 'and health checks at debug');
    assertNoSecrets(
      all,
      [JWT_SECRET, DB_PASSWORD, 'smtp-Senha-7y', token, forged, ...(body.segredo ? [body.segredo] : [])],
      'production start',
    );
  } finally {
    await server.stop().catch(() => {});
    await database.drop();
  }
});

test('the demo on the embedded database prints its tokens in the banner, and none in its log lines', {
  skip: pgUrl ? 'embedded only (runs in the PGlite suite)' : false,
}, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'renova-sec-'));
  try {
    await prepareDataDir(dataDir);
    const server = await serve({ PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'debug' }, '--no-demo');
    try {
      const banner = server.stdout();
      assert.match(banner, /(token IE|IE token) \(IE 1, 12h\):\s+eyJ/, 'the demo prints a token to try the API');
      const auth = await fetch(`${server.url}/s/v2/preferencias/email`, {
        headers: { authorization: `Bearer ${/eyJ\S+/.exec(banner)![0]}` },
      });
      assert.equal(auth.status, 200);
      await server.stop();
      const logLines = `${server.stdout()}\n${server.stderr()}`
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .join('\n');
      assert.match(logLines, /request completed/);
      assertNoSecrets(logLines, [], 'demo log lines');
    } finally {
      await server.stop().catch(() => {});
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
