import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { TIMELINE_ACTIONS } from '../../src/modules/lifecycle/timeline-actions.js';
import { seedIfEmpty } from '../../src/seed/index.js';
import { brDay } from '../helpers/actions-factories.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createContract, createIe } from '../helpers/factories.js';
import { valuesItem } from '../helpers/values-factories.js';

// DOMAIN.md, "Timeline vocabulary": one list of codes for live actions, jobs and demo data, served
// by a reference operation; every journey entry starts with an event for its entry into the journey.

let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const VOCABULARY: readonly string[] = TIMELINE_ACTIONS;
const URL = '/s/v2/renovacao/referencias/acoes-timeline';

/** Codes in the timeline (actions and values sends, as the service reads them) outside the vocabulary. */
const unknownCodes = async () =>
  (
    await sql<{
      acao: string;
    }>`select distinct acao from todos_eventos where not (acao = any(${[...VOCABULARY]}::text[]))`.execute(t.db)
  ).rows.map((r) => r.acao);

/** Entries whose first event is not their entry into the journey. */
const entriesNotStartingWithOpening = async () =>
  (
    await sql<{ id: number; acao: string | null }>`
      select e.id, (select x.acao from todos_eventos x where x.entrada_id = e.id order by x.id limit 1) as acao
      from entrada_jornada e`.execute(t.db)
  ).rows.filter((r) => !['ABERTURA_JORNADA', 'ATUALIZACAO_JORNADA', 'INSERCAO_MANUAL'].includes(r.acao ?? ''));

describe('the timeline vocabulary', () => {
  test('is served by a reference operation, one code per line with its meaning', async () => {
    const r = await t.call({ method: 'GET', url: URL });
    assert.equal(r.statusCode, 200, r.body);
    const body = r.json() as { codigo: string; descricao: string }[];
    assert.deepEqual(
      body.map((c) => c.codigo),
      [...VOCABULARY],
    );
    assert.ok(body.every((c) => c.descricao.length > 0));
    for (const code of ['ABERTURA_JORNADA', 'ENVIAR_VALORES', 'ASSINATURA', 'EVASAO', 'CANCELAR']) {
      assert.ok(VOCABULARY.includes(code), code);
    }
    for (const legacy of ['ENVIO_VALORES', 'ASSINATURA_ADITIVO', 'AFASTAMENTO_EVASAO', 'CANCELAR_CONTRATO']) {
      assert.ok(!VOCABULARY.includes(legacy), legacy);
    }
    assert.equal((await t.call({ method: 'GET', url: URL, token: null })).statusCode, 401);
  });

  test('live actions write only codes of the list, and every entry starts with its opening', async () => {
    const ie = await createIe(t.db);
    const contracts = [];
    for (let i = 0; i < 4; i++) contracts.push(await createContract(t.db, ie, { inicioRestituicao: '2031-01-01' }));
    const opened = await t.call({
      method: 'POST',
      url: '/s/v2/renovacao/jornadas/abrir',
      payload: { ano: 2026, semestre: 2 },
      ies: [ie.ieId],
    });
    assert.equal(opened.statusCode, 200, opened.body);
    const brb = (
      await t.db
        .selectFrom('entrada_jornada')
        .select('id')
        .where('ie_id', '=', ie.ieId)
        .orderBy('contrato_id')
        .execute()
    ).map((e) => e.id);
    const post = (url: string, payload: Record<string, unknown>) =>
      t.call({ method: 'POST', url, payload, ies: [ie.ieId] });
    const V3 = '/s/v3/mais-acoes';
    const sends = [
      await post(`${V3}/enviar-valores`, { valores: [valuesItem(brb[0]!)] }),
      await post('/s/v2/renovacao/situacao-matricula/afastamento-evasao', {
        brbId: brb[1],
        tipo: 'E',
        motivo: 'Abandono',
        'data-ocorrido': brDay(-1),
      }),
      await post(`${V3}/cancelar-contrato`, { brbId: brb[2], motivo: 'Falecimento' }),
      await post(`${V3}/trancamento`, { brbId: brb[3], dataOcorrido: brDay(-1) }),
    ];
    for (const r of sends) assert.equal(r.statusCode, 200, r.body);
    const late = await createContract(t.db, ie);
    const inserted = await post('/s/v1/insere-jornada', {
      journeyId: opened.json().jornadas[0].id,
      contratoId: late.contratoId,
    });
    assert.equal(inserted.statusCode, 200, inserted.body);

    assert.deepEqual(await unknownCodes(), []);
    assert.deepEqual(await entriesNotStartingWithOpening(), []);
    const codes = (await t.db.selectFrom('todos_eventos').select('acao').where('ie_id', '=', ie.ieId).execute()).map(
      (e) => e.acao,
    );
    for (const code of ['ABERTURA_JORNADA', 'ENVIAR_VALORES', 'EVASAO', 'CANCELAR', 'TRANCAMENTO', 'INSERCAO_MANUAL']) {
      assert.ok(codes.includes(code), `${code} in ${codes.join(', ')}`);
    }
  });

  test('the demo history uses exactly the live codes, and every seeded entry starts with the opening', async () => {
    {
      // The demo seeds only an empty database: check it on one of its own.
      const fresh = await createTestApp();
      try {
        assert.equal(await seedIfEmpty(fresh.db, { ies: 1, students: 150, seed: 3, today: '2026-09-10' }), true);
        const bad = (
          await sql<{
            acao: string;
          }>`select distinct acao from todos_eventos where not (acao = any(${[...VOCABULARY]}::text[]))`.execute(
            fresh.db,
          )
        ).rows;
        assert.deepEqual(bad, []);
        const notOpening = (
          await sql<{ n: number }>`
            select count(*)::int4 as n from entrada_jornada e
            where coalesce((select x.acao from todos_eventos x where x.entrada_id = e.id
              order by x.created_at, x.id limit 1), '') <> 'ABERTURA_JORNADA'`.execute(fresh.db)
        ).rows[0]!.n;
        assert.equal(notOpening, 0);
      } finally {
        await fresh.close();
      }
    }
  });
});
