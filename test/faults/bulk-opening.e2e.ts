import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import pino from 'pino';
import { createDatabase } from '../../src/db/database.js';
import { scheduledWork } from '../../src/jobs/runner.js';
import { letters, loadContracts } from '../helpers/bulk-contracts.js';
import { type PrivatePostgres, until } from './private-servers.js';
import { renovaOnPrivatePostgres } from './renova-on-private.js';
import { ServiceProcess } from './service.js';

/**
 * PostgreSQL dies in the middle of a bulk opening (#25): the opening's names are written and
 * committed on a second connection (journey-lifecycle/entry-names.ts), and the database is killed
 * before the entries commit, the one moment nobody is left to undo those names. `npm run
 * test:faults`; ports 55413 and 55451, inside the fault tests' 55400-55499.
 */
const PG_PORT = 55413;
const SERVICE_PORT = 55451;
const CONTRACTS = 1500;

let server: PrivatePostgres;
let service: ServiceProcess | null = null;
let token: string;

before(async () => {
  const sub = `bulk-${randomBytes(3).toString('hex')}`;
  ({ server, token } = await renovaOnPrivatePostgres(PG_PORT, sub, (db, ie) => loadContracts(db, ie, CONTRACTS)));
});

after(async () => {
  await service?.stop();
  server?.remove();
});

/** One figure from the private database, on a connection of its own. */
async function count(query: string): Promise<number> {
  const client = new pg.Client({ connectionString: server.url('renova') });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(query)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

const open = () =>
  fetch(`${service!.url}/s/v2/renovacao/jornadas/abrir`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ano: 2026, semestre: 2 }),
    signal: AbortSignal.timeout(180_000),
  });

test('killed after the names commit and before the entries do: 503, the service stays up, a retry opens the journey whole, and the scheduled job deletes the names left behind', async () => {
  service = new ServiceProcess(SERVICE_PORT, {
    DATABASE_URL: server.url('renova'),
    DATABASE_POOL_MAX: '6',
    DATABASE_WAIT_SECONDS: '60',
    RATE_LIMIT_MAX: '0',
  });
  await service.ready();

  // A session holds the entries' table in share mode: the opening's entries wait for it, its names
  // (another table, written by another connection) do not.
  const blocker = new pg.Client({ connectionString: server.url('renova') });
  blocker.on('error', () => undefined);
  await blocker.connect();
  await blocker.query('begin');
  await blocker.query('lock table entrada_jornada in share mode');
  const opening = open();
  await until(
    'the bulk names to commit',
    async () => (await count('select count(*) as n from entrada_nome')) === CONTRACTS,
    120_000,
  );
  assert.equal(await count('select count(*) as n from entrada_nome_pendente'), 1);

  await server.kill9();
  const refused = await opening;
  assert.equal(refused.status, 503);
  assert.match(refused.headers.get('content-type') ?? '', /application\/problem\+json/);
  const problem = (await refused.json()) as { detail?: string; title?: string };
  assert.match(`${problem.title} ${problem.detail}`, /banco de dados|indispon/i, JSON.stringify(problem));
  assert.ok(service.running, `the service exited:\n${service.output}`);

  server.start();
  await until('/readyz to say 200 again', async () => (await service!.readyz()) === 200, 60_000);
  // Nothing of the opening stayed but its names, which no reader finds (they name no entry).
  assert.equal(await count('select count(*) as n from jornada'), 0);
  assert.equal(await count('select count(*) as n from entrada_jornada'), 0);
  assert.equal(await count('select count(*) as n from entrada_nome'), CONTRACTS);

  const retried = await open();
  assert.equal(retried.status, 200, await retried.clone().text());
  const { jornadas } = (await retried.json()) as { jornadas: { totalEntradas: number }[] };
  assert.equal(jornadas[0]!.totalEntradas, CONTRACTS);
  // Every entry has its one search row, equal to it; student 1177 is suggested once.
  assert.equal(
    await count(`select count(*) as n from entrada_jornada e join entrada_nome n on n.entrada_id = e.id
      and n.jornada_id = e.jornada_id and n.nome_busca = e.nome_busca and n.cpf = e.cpf and n.matricula = e.matricula`),
    CONTRACTS,
  );
  const suggested = await fetch(`${service.url}/s/v2/renovacao/autocomplete?termo=lote%20${letters(1177)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(suggested.status, 200);
  assert.deepEqual(
    ((await suggested.json()) as { nomeEstudante: string }[]).map((s) => s.nomeEstudante),
    [`Estudante Lote ${letters(1177).replace(/^./, (c) => c.toUpperCase())}`],
  );

  // The scheduled job (every 15 minutes; run once here) deletes the names the first attempt left.
  const database = await createDatabase({ kind: 'postgres', url: server.url('renova'), poolMax: 2 });
  try {
    await scheduledWork(database.db, pino({ level: 'silent' }));
  } finally {
    await database.close();
  }
  assert.equal(await count('select count(*) as n from entrada_nome'), CONTRACTS);
  assert.equal(await count('select count(*) as n from entrada_nome_pendente'), 0);
  assert.doesNotMatch(service.output, /Unhandled 'error' event|urn:renova:problem:internal/);
});
