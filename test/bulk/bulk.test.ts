import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { type ActionWorld, brDay, createActionWorld, entryState, timeline } from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { bulkEntries } from '../helpers/dashboard-factories.js';
import { createIe, createJourney } from '../helpers/factories.js';
import { journeysSnapshot, unchangedBy } from '../helpers/unchanged.js';

let t: TestContext;
let w: ActionWorld;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
});
after(() => t.close());

const BULK = '/s/v3/mais-acoes/em-lote';

interface Bulk {
  id: number;
  estado: string;
  correlacaoId: string;
  total: number;
  processados: number;
  feitos: number;
  recusados: number;
  itens: {
    brbId: number;
    estudante: string | null;
    cpf: string | null;
    resultado: string;
    status: number | null;
    mensagem: string | null;
    situacao: string | null;
  }[];
}

const start = (path: string, payload: object, headers: Record<string, string> = {}, ies = [w.ie.ieId]) =>
  t.call({ method: 'POST', url: `${BULK}/${path}`, ies, payload, headers });

/** Polls the bulk action until every entry has a result (a slow, busy machine may take a while). */
async function finished(id: number, headers: Record<string, string> = {}): Promise<Bulk> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await t.call({ method: 'GET', url: `${BULK}/${id}?tamanho=5000`, ies: [w.ie.ieId], headers });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as Bulk;
    if (body.estado !== 'EM_ANDAMENTO') return body;
    assert.ok(Date.now() < deadline, 'the bulk action did not finish');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const auditOf = async (brbId: number) =>
  (await t.call({ method: 'GET', url: `/s/auditoria?brbId=${brbId}`, ies: [w.ie.ieId] })).json().itens as {
    operacao: string;
    requestId: string;
    efetivado: boolean;
    status: number | null;
    brbId: number;
  }[];

describe('bulk actions', () => {
  test('inactivates every chosen entry as one by one: timeline, audit rows sharing one correlation id', async () => {
    const entries = [await w.entry('APTO'), await w.entry('APTO'), await w.entry('APTO')];
    const res = await start('inativar-estudante', {
      motivo: 'Trancou o curso na secretaria',
      brbIds: entries.map((e) => e.brbId),
    });
    assert.equal(res.statusCode, 202, res.body);
    const started = res.json() as Bulk;
    assert.equal(started.total, 3);
    assert.ok(started.correlacaoId.length > 0);
    const done = await finished(started.id);
    assert.equal(done.estado, 'CONCLUIDA');
    assert.deepEqual(
      done.itens.map((i) => [i.brbId, i.resultado, i.status, i.situacao]),
      entries.map((e) => [e.brbId, 'FEITO', 200, 'SEM_RENOVACAO']),
    );
    assert.ok(done.itens.every((i) => i.estudante));
    for (const e of entries) {
      assert.deepEqual(await entryState(t.db, e.brbId).then((s) => [s.situacao, s.motivo]), [
        'SEM_RENOVACAO',
        'INATIVO',
      ]);
      assert.equal((await timeline(t.db, e.brbId)).filter((ev) => ev.acao === 'INATIVAR').length, 1);
      const rows = await auditOf(e.brbId);
      assert.equal(rows.length, 1, 'one audit row per entry, as if done alone');
      assert.equal(rows[0]!.operacao, 'inactivateStudent');
      assert.equal(rows[0]!.requestId, started.correlacaoId);
      assert.equal(rows[0]!.efetivado, true);
      assert.equal(rows[0]!.status, 200);
    }
  });

  test("one refusal does not block the others; another IE's id is refused 404 and not touched", async () => {
    const processing = await w.entry('EM_PROCESSAMENTO');
    const ok = await w.entry('APTO');
    const foreign = await w.entry('APTO', { other: true });
    const ok2 = await w.entry('APTO');
    const ids = [processing.brbId, ok.brbId, foreign.brbId, ok2.brbId];
    const snapshot = async () => ({
      state: await entryState(t.db, foreign.brbId),
      events: await timeline(t.db, foreign.brbId),
    });
    const before = await snapshot();
    const res = await start('trancamento', { dataOcorrido: brDay(-2), brbIds: ids }, { 'accept-language': 'pt-BR' });
    assert.equal(res.statusCode, 202, res.body);
    const done = await finished(res.json().id, { 'accept-language': 'pt-BR' });
    assert.deepEqual(
      done.itens.map((i) => [i.brbId, i.resultado, i.status]),
      [
        [processing.brbId, 'RECUSADO', 409],
        [ok.brbId, 'FEITO', 200],
        [foreign.brbId, 'RECUSADO', 404],
        [ok2.brbId, 'FEITO', 200],
      ],
    );
    assert.equal(done.feitos, 2);
    assert.equal(done.recusados, 2);
    const foreignItem = done.itens[2]!;
    assert.equal(foreignItem.estudante, null, "another IE's student is never named");
    assert.match(foreignItem.mensagem ?? '', /não encontrad/i, 'the message in the request language');
    assert.ok(done.itens[0]!.mensagem, 'the refusal says why');
    assert.deepEqual(await snapshot(), before, "another IE's entry is unchanged");
    assert.equal((await entryState(t.db, processing.brbId)).situacao, 'EM_PROCESSAMENTO');
    // The same refusal, in English, when the reader asks for it.
    const en = await finished(res.json().id);
    assert.match(en.itens[2]!.mensagem ?? '', /not found/i);
    // The refused entries' audit rows: efetivado false with the single route's status, same correlation id.
    const refused = await auditOf(processing.brbId);
    assert.deepEqual(
      refused.map((r) => [r.operacao, r.efetivado, r.status, r.requestId]),
      [['lockEnrolment', false, 409, done.correlacaoId]],
    );
  });

  test('selects every entry the dashboard filters list, in their order', async () => {
    const w2 = await createActionWorld(t.db);
    const chosen = [await w2.entry('APTO'), await w2.entry('APTO'), await w2.entry('APTO')];
    await w2.entry('EM_PROCESSAMENTO');
    const ies = [w2.ie.ieId];
    const res = await start(
      'trancamento',
      {
        dataOcorrido: brDay(-1),
        filtros: { journeyId: w2.journey.jornadaId, aba: 'aptos', ordenarPor: 'cpf', ordem: 'desc' },
      },
      {},
      ies,
    );
    assert.equal(res.statusCode, 202, res.body);
    const body = res.json() as Bulk;
    assert.equal(body.total, 3);
    const deadline = Date.now() + 120_000;
    let done: Bulk;
    for (;;) {
      done = (await t.call({ method: 'GET', url: `${BULK}/${body.id}`, ies })).json();
      if (done.estado !== 'EM_ANDAMENTO' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(new Set(done.itens.map((i) => i.brbId)), new Set(chosen.map((e) => e.brbId)));
    const cpfs = done.itens.map((i) => i.cpf ?? '');
    assert.deepEqual(cpfs, [...cpfs].sort().reverse(), "in the list's order");
    assert.equal(done.feitos, 3);
    // Another IE cannot read it.
    const other = await t.call({ method: 'GET', url: `${BULK}/${body.id}`, ies: [w.ie.ieId] });
    assert.equal(other.statusCode, 404);
    problemOf(other);
  });

  test('Idempotency-Key: a repeat answers the same bulk action and acts once', async () => {
    const e = await w.entry('APTO');
    const headers = { 'idempotency-key': `bulk-${e.brbId}` };
    const payload = { motivo: 'Desistência informada', brbIds: [e.brbId] };
    const first = await start('inativar-estudante', payload, headers);
    assert.equal(first.statusCode, 202, first.body);
    await finished(first.json().id);
    const again = await start('inativar-estudante', payload, headers);
    assert.equal(again.statusCode, 202);
    assert.equal(again.headers['idempotency-replayed'], 'true');
    assert.equal(again.json().id, first.json().id);
    assert.equal((await timeline(t.db, e.brbId)).filter((ev) => ev.acao === 'INATIVAR').length, 1);
    const changed = await start('inativar-estudante', { ...payload, motivo: 'Outro motivo' }, headers);
    assert.equal(changed.statusCode, 422);
  });

  test('401 without a token; 404 for an unknown bulk action', async () => {
    const res = await t.call({ method: 'POST', url: `${BULK}/trancamento`, token: null, payload: { brbIds: [1] } });
    assert.equal(res.statusCode, 401);
    problemOf(res);
    const get = await t.call({ method: 'GET', url: `${BULK}/999999`, token: null });
    assert.equal(get.statusCode, 401);
    const unknown = await t.call({ method: 'GET', url: `${BULK}/999999`, ies: [w.ie.ieId] });
    assert.equal(unknown.statusCode, 404);
  });

  test('bad input is 400 and starts nothing', async () => {
    const e = await w.entry('APTO');
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('acao_em_lote')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const cases: [string, object][] = [
      ['trancamento', { dataOcorrido: brDay(-1) }],
      ['trancamento', { dataOcorrido: brDay(-1), brbIds: [e.brbId], filtros: {} }],
      ['trancamento', { dataOcorrido: '31-02-2026', brbIds: [e.brbId] }],
      ['trancamento', { dataOcorrido: brDay(-1), brbIds: [e.brbId, e.brbId] }],
      ['trancamento', { dataOcorrido: brDay(-1), brbIds: [e.brbId], brbId: e.brbId }],
      ['trancamento', { dataOcorrido: brDay(-1), brbIds: Array.from({ length: 5001 }, (_, i) => i + 1) }],
      ['trancamento', { dataOcorrido: brDay(-1), filtros: { aba: 'nada' } }],
      ['desconhecida', { brbIds: [e.brbId] }],
    ];
    const n = await count();
    for (const [path, payload] of cases) {
      const res = await unchangedBy(
        () => entryState(t.db, e.brbId),
        () => start(path, payload),
      );
      assert.ok(
        [400, 404, 405].includes(res.statusCode),
        `${path} ${JSON.stringify(payload).slice(0, 80)}: ${res.statusCode}`,
      );
      problemOf(res);
    }
    assert.equal(await count(), n, 'no bulk action was recorded');
  });

  test('filters of another IE are 404; more than 5,000 matching entries is 422 and nothing starts', async () => {
    const foreign = await t.call({
      method: 'POST',
      url: `${BULK}/trancamento`,
      ies: [w.ie.ieId],
      payload: { dataOcorrido: brDay(-1), filtros: { journeyId: w.otherJourney.jornadaId } },
    });
    assert.equal(foreign.statusCode, 404, foreign.body);
    const ie = await createIe(t.db);
    const journey = await createJourney(t.db, ie);
    await bulkEntries(t.db, ie, journey, 5001);
    const snapshot = journeysSnapshot(t, [journey.jornadaId]);
    const res = await unchangedBy(snapshot, () =>
      start('trancamento', { dataOcorrido: brDay(-1), filtros: { journeyId: journey.jornadaId } }, {}, [ie.ieId]),
    );
    assert.equal(res.statusCode, 422, res.body);
    assert.match(problemOf(res).detail, /5,000/);
  });

  test('a bulk action whose runner died (no heartbeat for 10 minutes) reads as INTERROMPIDA, its pending entries untouched', async () => {
    const e = await w.entry('APTO');
    const { id } = await t.db
      .insertInto('acao_em_lote')
      .values({
        acao: 'inativar-estudante',
        usuario: 'user-x',
        usuario_nome: null,
        ie_ids: [w.ie.ieId],
        dados: '{}',
        total: 1,
        correlacao_id: 'morta',
        concluida_em: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('acao_em_lote_item')
      .values({
        acao_lote_id: id,
        ordem: 1,
        brb_id: e.brbId,
        estudante_nome: null,
        cpf: null,
        status: null,
        mensagem: null,
        situacao: null,
      })
      .execute();
    const fresh = await t.call({ method: 'GET', url: `${BULK}/${id}`, ies: [w.ie.ieId] });
    assert.equal(fresh.json().estado, 'EM_ANDAMENTO', 'a recent heartbeat: still running');
    await sql`update acao_em_lote set atualizada_em = now() - interval '11 minutes' where id = ${id}`.execute(t.db);
    const res = await t.call({ method: 'GET', url: `${BULK}/${id}`, ies: [w.ie.ieId] });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().estado, 'INTERROMPIDA');
    assert.deepEqual(
      res.json().itens.map((i: { resultado: string }) => i.resultado),
      ['PENDENTE'],
    );
    assert.equal((await entryState(t.db, e.brbId)).situacao, 'APTO');
  });
});
