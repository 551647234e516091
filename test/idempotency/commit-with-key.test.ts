import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { requireBearer } from '../../src/http/authenticate.js';
import { registerIdempotency } from '../../src/http/idempotency.js';
import type { App } from '../../src/http/types.js';
import { registerAudit } from '../../src/modules/audit/audit.context.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';

/**
 * The Idempotency-Key's record commits with the request's own transaction (issue 24, commit in
 * doubt). A probe route writes one row per run in a transaction, registered as app.ts registers
 * the interface scope (bearer auth, audit, idempotency); faults are injected before and after its
 * COMMIT. A fault shaped as a lost connection answers 503, as a failover does.
 */
let t: TestContext;
type Fault = 'before-commit' | 'after-commit' | null;
let fault: Fault = null;
let gate: { entered: () => void; released: Promise<void> } | null = null;

const connectionLost = () => new Error('Connection terminated unexpectedly');

function openGate() {
  let release!: () => void;
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  gate = { entered, released };
  return { inside, release };
}

before(async () => {
  t = await createTestApp({}, (app) => {
    app.register(async (api) => {
      requireBearer(api as App, '');
      registerAudit(api as App);
      registerIdempotency(api as App, '');
      api.post(
        '/effect/:id',
        {
          schema: {
            operationId: 'probeEffect',
            params: Type.Object({ id: Type.Integer() }),
            body: Type.Object({ n: Type.Integer() }),
          },
        },
        async (request, reply) => {
          const { id } = request.params as { id: number };
          const { n } = request.body as { n: number };
          const injected = fault;
          fault = null;
          if (gate) {
            const g = gate;
            gate = null;
            g.entered();
            await g.released;
          }
          const row = await t.db.transaction().execute(async (trx) => {
            const inserted = await sql<{ seq: number }>`
              insert into probe_effect (id, n) values (${id}, ${n}) returning seq`.execute(trx);
            if (injected === 'before-commit') throw connectionLost();
            return inserted.rows[0]!;
          });
          if (injected === 'after-commit') throw connectionLost();
          return reply.code(201).send({ id, n, seq: row.seq });
        },
      );
    });
  });
  await sql`create table probe_effect (seq int4 generated always as identity primary key, id int4 not null, n int4 not null)`.execute(
    t.db,
  );
});
after(() => t.close());

const post = (id: number, key: string, n = 1) =>
  t.call({ method: 'POST', url: `/effect/${id}`, payload: { n }, headers: { 'idempotency-key': key } });

async function effectsOf(id: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int4 as n from probe_effect where id = ${id}`.execute(t.db);
  return r.rows[0]!.n;
}

async function keyRow(key: string) {
  return t.db
    .selectFrom('chave_idempotencia')
    .select(['estado', 'status_resposta'])
    .where('chave', '=', key)
    .executeTakeFirst();
}

describe('Idempotency-Key committed with the request', () => {
  test('an answer lost on the way to the client: the retry replays it and the change exists once', async () => {
    const first = await post(1, 'k-reply-lost');
    assert.equal(first.statusCode, 201);
    // The client never read `first`; it retries.
    const retry = await post(1, 'k-reply-lost');
    assert.equal(retry.statusCode, 201);
    assert.equal(retry.headers['idempotency-replayed'], 'true');
    assert.equal(retry.body, first.body);
    assert.equal(await effectsOf(1), 1);
  });

  test('commit in doubt (committed, then the connection is lost): the retry never runs it again', async () => {
    fault = 'after-commit';
    const first = await post(2, 'k-doubt');
    assert.equal(first.statusCode, 503);
    assert.ok(first.headers['retry-after']);
    assert.equal(await effectsOf(2), 1);
    // The key committed with the change and was not released by the 503.
    assert.deepEqual(await keyRow('k-doubt'), { estado: 'CONCLUIDA', status_resposta: null });
    // At once: as if the answer were still on its way.
    const soon = await post(2, 'k-doubt');
    assert.equal(soon.statusCode, 409);
    assert.match(problemOf(soon).detail, /still being processed/);
    assert.equal(soon.headers['retry-after'], '2');
    // Later: the answer is taken as lost, and said so.
    await sql`update chave_idempotencia set concluida_em = now() - interval '1 minute' where chave = 'k-doubt'`.execute(
      t.db,
    );
    const later = await post(2, 'k-doubt');
    assert.equal(later.statusCode, 409);
    assert.match(problemOf(later).detail, /was carried out, but its answer was lost/);
    assert.equal(later.headers['retry-after'], undefined);
    assert.equal(await effectsOf(2), 1);
    // The same key with another body is still 422.
    assert.equal((await post(2, 'k-doubt', 9)).statusCode, 422);
    assert.equal(await effectsOf(2), 1);
  });

  test('a fault before the commit leaves neither the change nor the key; the retry runs once', async () => {
    fault = 'before-commit';
    const first = await post(3, 'k-before');
    assert.equal(first.statusCode, 503);
    assert.equal(await effectsOf(3), 0);
    assert.equal(await keyRow('k-before'), undefined);
    const retry = await post(3, 'k-before');
    assert.equal(retry.statusCode, 201);
    assert.equal(retry.headers['idempotency-replayed'], undefined);
    assert.equal(await effectsOf(3), 1);
    const again = await post(3, 'k-before');
    assert.equal(again.headers['idempotency-replayed'], 'true');
    assert.equal(await effectsOf(3), 1);
  });

  test('concurrent requests with one key: one change, the others 409 or the replay', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(4, 'k-concurrent')));
    const ran = answers.filter((a) => a.statusCode === 201 && a.headers['idempotency-replayed'] === undefined);
    assert.equal(ran.length, 1);
    for (const a of answers) {
      assert.ok(a.statusCode === 201 || a.statusCode === 409, `unexpected ${a.statusCode}`);
    }
    assert.equal(await effectsOf(4), 1);
  });

  test('a key taken from the request while it runs: its transaction does not commit, nothing changes', async () => {
    const g = openGate();
    const firstPromise = post(5, 'k-taken');
    await g.inside;
    // What a takeover of a stale claim (or a purge) does to a claim in progress.
    await t.db.deleteFrom('chave_idempotencia').where('chave', '=', 'k-taken').execute();
    g.release();
    const first = await firstPromise;
    assert.equal(first.statusCode, 409);
    assert.match(problemOf(first).detail, /no longer belongs to this request; nothing was changed/);
    assert.equal(await effectsOf(5), 0);
    // The refusal is in the trail as not carried out (the key's check ran before the audit row's insert).
    const audit = await sql<{ efetivado: boolean }>`
      select efetivado from auditoria where request_id = ${String(first.headers['x-request-id'])}`.execute(t.db);
    assert.deepEqual(
      audit.rows.map((r) => r.efetivado),
      [false],
    );
  });

  test('the audit row and the key commit with the change', async () => {
    const first = await post(6, 'k-audit');
    assert.equal(first.statusCode, 201);
    const audit = await sql<{ n: number }>`
      select count(*)::int4 as n from auditoria where operacao = 'probeEffect' and efetivado`.execute(t.db);
    assert.ok(audit.rows[0]!.n >= 1);
    assert.equal((await keyRow('k-audit'))?.status_resposta, 201);
  });
});
