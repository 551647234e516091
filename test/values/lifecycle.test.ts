import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createContract, createIe, type TestIe } from '../helpers/factories.js';
import { brokenReferences } from '../helpers/references.js';
import {
  countersOf,
  entryState,
  ieWithEntries,
  openRequests,
  timelineOf,
  valuesItem,
} from '../helpers/values-factories.js';

let t: TestContext;
let ie: TestIe;
before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
});
after(() => t.close());

const operator = { role: 'OPERADOR' as const, ies: [] };

async function notificationsOf(ieId: number) {
  return t.db
    .selectFrom('notificacao')
    .select(['tipo', 'mensagem', 'dados'])
    .where('ie_id', '=', ieId)
    .orderBy('id')
    .execute();
}

describe('full lifecycle: open journey → send values → accept → sign', () => {
  test('each step moves the entry, writes its timeline and keeps the counters', async () => {
    const contract = await createContract(t.db, ie);
    const opened = await t.call({
      method: 'POST',
      url: '/s/v2/renovacao/jornadas/abrir',
      ies: [ie.ieId],
      payload: { ano: 2026, semestre: 2 },
    });
    assert.equal(opened.statusCode, 200, opened.body);
    const entry = await t.db
      .selectFrom('entrada_jornada')
      .select(['id', 'situacao'])
      .where('contrato_id', '=', contract.contratoId)
      .executeTakeFirstOrThrow();
    const brbId = entry.id;
    assert.equal(entry.situacao, 'APTO');
    assert.deepEqual(await countersOf(t.db, brbId), { APTO: 1 });

    // 1. The IE sends the values.
    const sent = await t.call({
      method: 'POST',
      url: '/s/v3/mais-acoes/enviar-valores',
      ies: [ie.ieId],
      payload: {
        valores: [
          valuesItem(brbId, { valorCtrPrestServico: 9876.54, percentualConcedido: 50, valorContrato: 4938.27 }),
        ],
      },
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const { lote, registrosComSucesso } = sent.json() as { lote: number; registrosComSucesso: number };
    assert.equal(registrosComSucesso, 1);
    assert.equal((await entryState(t.db, brbId)).situacao, 'EM_PROCESSAMENTO');
    assert.deepEqual(await countersOf(t.db, brbId), { EM_PROCESSAMENTO: 1 });
    assert.deepEqual(
      (await openRequests(t.db, brbId)).map((r) => [r.tipo, r.status]),
      [['ENVIO_VALORES', 'EM_ANDAMENTO']],
    );

    // The IE may not decide for the foundation.
    const forbidden = await t.call({
      method: 'POST',
      url: `/s/operador/lotes/${lote}/aceitar`,
      ies: [ie.ieId],
      payload: {},
    });
    assert.equal(forbidden.statusCode, 403);

    // 2. The foundation accepts: the addendum is generated.
    const accepted = await t.call({
      method: 'POST',
      url: `/s/operador/lotes/${lote}/aceitar`,
      ...operator,
      payload: {},
    });
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.deepEqual(accepted.json(), {
      lote,
      decisao: 'ACEITO',
      linhasDecididas: 1,
      descartadas: [],
      aguardando: 0,
      aceitas: 1,
      recusadas: 0,
      statusLote: 'PROCESSADO',
    });
    assert.equal((await entryState(t.db, brbId)).situacao, 'AGUARDANDO_ASSINATURA');
    assert.deepEqual(await countersOf(t.db, brbId), { AGUARDANDO_ASSINATURA: 1 });
    const aditivo = await t.db
      .selectFrom('aditivo')
      .selectAll()
      .where('entrada_id', '=', brbId)
      .executeTakeFirstOrThrow();
    assert.equal(aditivo.status, 'GERADO');
    assert.equal(aditivo.valor, '4938.27');
    assert.deepEqual([aditivo.ano, aditivo.semestre, aditivo.contrato_id], [2026, 2, contract.contratoId]);
    assert.deepEqual(
      (await openRequests(t.db, brbId)).map((r) => r.status),
      ['CONCLUIDA'],
    );
    const values = (await t.call({ method: 'GET', url: `/s/v2/contrato/valores/${brbId}`, ies: [ie.ieId] })).json() as {
      envios: {
        processamento: string;
        aditivo: { status: string; valor: number } | null;
        valores: { valorContrato: number };
      }[];
    };
    assert.equal(values.envios[0]!.processamento, 'ACEITO');
    assert.deepEqual([values.envios[0]!.aditivo?.status, values.envios[0]!.aditivo?.valor], ['GERADO', 4938.27]);
    assert.equal(values.envios[0]!.valores.valorContrato, 4938.27);

    // A second decision on the same rows is a conflict.
    const twice = await t.call({
      method: 'POST',
      url: `/s/operador/lotes/${lote}/aceitar`,
      ...operator,
      payload: { linhas: [1] },
    });
    assert.equal(twice.statusCode, 409);
    assert.match(problemOf(twice).detail, /Rows 1 \(SUCESSO\/ACEITO\)/);

    // 3. The student signs: the renewal is finished.
    const early = await t.call({
      method: 'POST',
      url: '/s/operador/renovacoes/999999/assinatura',
      ...operator,
      payload: {},
    });
    assert.equal(early.statusCode, 404);
    const signed = await t.call({
      method: 'POST',
      url: `/s/operador/renovacoes/${brbId}/assinatura`,
      ...operator,
      payload: { assinadoEm: '2026-08-10T14:00:00.000Z' },
    });
    assert.equal(signed.statusCode, 200, signed.body);
    assert.deepEqual(signed.json(), {
      brbId,
      situacao: 'FINALIZADO',
      aditivo: {
        id: aditivo.id,
        status: 'ASSINADO',
        valor: 4938.27,
        geradoEm: aditivo.gerado_em.toISOString(),
        assinadoEm: '2026-08-10T14:00:00.000Z',
      },
    });
    assert.deepEqual(await countersOf(t.db, brbId), { FINALIZADO: 1 });
    const again = await t.call({
      method: 'POST',
      url: `/s/operador/renovacoes/${brbId}/assinatura`,
      ...operator,
      payload: {},
    });
    assert.equal(again.statusCode, 409);

    const timeline = await timelineOf(t.db, brbId);
    const steps = timeline.map((e) => [e.acao, e.situacao_anterior, e.situacao_nova]);
    assert.deepEqual(steps.slice(-3), [
      ['ENVIAR_VALORES', 'APTO', 'EM_PROCESSAMENTO'],
      ['PROCESSAMENTO_ACEITO', 'EM_PROCESSAMENTO', 'AGUARDANDO_ASSINATURA'],
      ['ASSINATURA', 'AGUARDANDO_ASSINATURA', 'FINALIZADO'],
    ]);
    assert.equal((timeline.at(-2)!.detalhes as { aditivoId: number }).aditivoId, aditivo.id);

    const kinds = (await notificationsOf(ie.ieId)).map((n) => n.tipo);
    assert.deepEqual(
      kinds.filter((k) => ['ADITIVO_AGUARDANDO_ASSINATURA', 'LOTE_PROCESSADO', 'RENOVACAO_FINALIZADA'].includes(k)),
      ['ADITIVO_AGUARDANDO_ASSINATURA', 'LOTE_PROCESSADO', 'RENOVACAO_FINALIZADA'],
    );
    assert.deepEqual(await brokenReferences(t.db), {}, 'every request and event points at its process and entry');
  });
});

describe('rejection', () => {
  test('sends the rejected rows back to APTO with the reason, notifies the IE, and the values can be sent again', async () => {
    const other = await createIe(t.db);
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO'], other);
    const [a, b] = entries.map((e) => e.brbId) as [number, number];
    const { lote } = (
      await t.call({
        method: 'POST',
        url: '/s/v2/contrato/valores/enviar',
        ies: [other.ieId],
        payload: { valores: [valuesItem(a), valuesItem(b)] },
      })
    ).json() as { lote: number };

    const rejected = await t.call({
      method: 'POST',
      url: `/s/operador/lotes/${lote}/recusar`,
      ...operator,
      payload: { motivo: 'Percentual acima do contratado', linhas: [2] },
    });
    assert.equal(rejected.statusCode, 200, rejected.body);
    const body = rejected.json() as { linhasDecididas: number; aguardando: number; statusLote: string };
    assert.deepEqual([body.linhasDecididas, body.aguardando, body.statusLote], [1, 1, 'EM_PROCESSAMENTO']);
    assert.equal((await entryState(t.db, b)).situacao, 'APTO');
    assert.equal((await entryState(t.db, a)).situacao, 'EM_PROCESSAMENTO');
    const last = (await timelineOf(t.db, b)).at(-1)!;
    assert.deepEqual([last.acao, last.situacao_nova], ['PROCESSAMENTO_RECUSADO', 'APTO']);
    assert.equal((last.detalhes as { motivo: string }).motivo, 'Percentual acima do contratado');
    assert.deepEqual(
      (await openRequests(t.db, b)).map((r) => r.status),
      ['RECUSADA'],
    );
    const notes = await notificationsOf(other.ieId);
    const rejection = notes.find((n) => n.tipo === 'LINHAS_REJEITADAS')!;
    assert.match(rejection.mensagem, /Percentual acima do contratado/);
    assert.deepEqual((rejection.dados as { linhas: number[] }).linhas, [2]);
    assert.equal(notes.filter((n) => n.tipo === 'LOTE_PROCESSADO').length, 0, 'row 1 still waits');

    const rest = await t.call({ method: 'POST', url: `/s/operador/lotes/${lote}/aceitar`, ...operator, payload: {} });
    assert.equal((rest.json() as { statusLote: string }).statusLote, 'PROCESSADO');
    const processed = (await notificationsOf(other.ieId)).find((n) => n.tipo === 'LOTE_PROCESSADO')!;
    assert.deepEqual((processed.dados as { aceitas: number; recusadas: number }).aceitas, 1);
    assert.deepEqual((processed.dados as { aceitas: number; recusadas: number }).recusadas, 1);

    const resent = await t.call({
      method: 'POST',
      url: '/s/v2/contrato/valores/enviar',
      ies: [other.ieId],
      payload: { valores: [valuesItem(b, { percentualConcedido: 40, valorContrato: 3600 })] },
    });
    assert.equal((resent.json() as { registrosComSucesso: number }).registrosComSucesso, 1);
  });

  test('bad input: a reason is required; unknown batch is 404; no token is 401', async () => {
    assert.equal(
      (await t.call({ method: 'POST', url: '/s/operador/lotes/1/recusar', ...operator, payload: {} })).statusCode,
      400,
    );
    assert.equal(
      (await t.call({ method: 'POST', url: '/s/operador/lotes/99999999/aceitar', ...operator, payload: {} }))
        .statusCode,
      404,
    );
    assert.equal(
      (await t.call({ method: 'POST', url: '/s/operador/lotes/1/aceitar', payload: {}, token: null })).statusCode,
      401,
    );
    assert.equal((await t.call({ method: 'GET', url: '/s/operador/lotes/abc', ...operator })).statusCode, 400);
  });

  test('GET /s/operador/lotes/{loteId} lists the rows with their outcome, paged', async () => {
    const other = await createIe(t.db);
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO'], other);
    const { lote } = (
      await t.call({
        method: 'POST',
        url: '/s/v2/contrato/valores/enviar',
        ies: [other.ieId],
        payload: {
          valores: [valuesItem(entries[0]!.brbId), valuesItem(entries[1]!.brbId, { percentualConcedido: 0 })],
        },
      })
    ).json() as { lote: number };
    const response = await t.call({
      method: 'GET',
      url: `/s/operador/lotes/${lote}?tamanhoPagina=1&pagina=2`,
      ...operator,
    });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as {
      total: number;
      erro: number;
      linhas: { linha: number; resultado: string; erros: unknown[] }[];
    };
    assert.deepEqual([body.total, body.erro], [2, 1]);
    assert.deepEqual(
      body.linhas.map((l) => [l.linha, l.resultado, l.erros.length]),
      [[2, 'ERRO', 1]],
    );
  });
});
