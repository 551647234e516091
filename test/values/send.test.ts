import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { createSolicitacao } from '../helpers/story-factories.js';
import {
  countersOf,
  entryState,
  ieWithEntries,
  openRequests,
  timelineOf,
  valuesItem,
} from '../helpers/values-factories.js';

let t: TestContext;
let mine: TestIe;
let other: TestIe;
before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
  other = await createIe(t.db);
});
after(() => t.close());

const V3 = '/s/v3/mais-acoes/enviar-valores';
const V3_STATUS = '/s/v3/mais-acoes/alterar-status/enviar-valores';
const V2 = '/s/v2/contrato/valores/enviar';

interface V3Out {
  registrosComSucesso: number;
  registrosComErro: number;
  registrosPendentes: number;
  erro: string;
  linhasComErro: string[];
  linhasPendenteFundacred: string[];
  lote: number;
  trancamento: { resultado: string; erro: string };
}

const send = (url: string, payload: object, ies = [mine.ieId]) => t.call({ method: 'POST', url, payload, ies });

describe('POST /s/v3/mais-acoes/enviar-valores', () => {
  test('good rows move to EM_PROCESSAMENTO while bad rows are reported by row, field and rule', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO', 'APTO', 'APTO', 'APTO'], mine);
    const [a, b, c, d, e] = entries.map((x) => x.brbId) as [number, number, number, number, number];
    const before = await countersOf(t.db, a);
    const response = await send(V3, {
      valores: [
        valuesItem(a),
        valuesItem(b, { percentualConcedido: 120, valorContrato: 10800 }),
        valuesItem(c, { valorContrato: 4500.02 }),
        valuesItem(d, { qtdParcelasCobertura: 7 }),
        valuesItem(e, { valorCtrPrestServico: 3333.33, percentualConcedido: 33.33, valorContrato: 1111 }),
      ],
    });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as V3Out;
    assert.deepEqual(Object.keys(body).sort(), [
      'erro',
      'linhasComErro',
      'linhasPendenteFundacred',
      'lote',
      'registrosComErro',
      'registrosComSucesso',
      'registrosPendentes',
      'trancamento',
    ]);
    assert.equal(body.registrosComSucesso, 2);
    assert.equal(body.registrosComErro, 3);
    assert.equal(body.registrosPendentes, 0);
    assert.match(body.erro, /3 of 5 rows/);
    assert.deepEqual(body.trancamento, { resultado: 'NAO_INFORMADO', erro: '' });
    assert.equal(body.linhasComErro.length, 3);
    assert.match(
      body.linhasComErro[0]!,
      new RegExp(`^Row 2 \\(brbId ${b}\\): percentualConcedido .*0 and at most 100.*\\[FAIXA\\]`),
    );
    assert.match(
      body.linhasComErro[1]!,
      new RegExp(`^Row 3 \\(brbId ${c}\\): valorContrato .*4500\\.00.*\\[VALOR_CONTRATO\\]`),
    );
    assert.match(
      body.linhasComErro[2]!,
      new RegExp(`^Row 4 \\(brbId ${d}\\): qtdParcelasCobertura .*1 and 6.*\\[FAIXA\\]`),
    );

    assert.equal((await entryState(t.db, a)).situacao, 'EM_PROCESSAMENTO');
    assert.equal((await entryState(t.db, e)).situacao, 'EM_PROCESSAMENTO', '1110.9989 is within a cent of 1111');
    for (const refused of [b, c, d]) assert.equal((await entryState(t.db, refused)).situacao, 'APTO');

    const timeline = await timelineOf(t.db, a);
    assert.equal(timeline.length, 1);
    assert.equal(timeline[0]!.acao, 'ENVIAR_VALORES');
    assert.equal(timeline[0]!.situacao_anterior, 'APTO');
    assert.equal(timeline[0]!.situacao_nova, 'EM_PROCESSAMENTO');
    assert.equal((timeline[0]!.detalhes as { lote: number }).lote, body.lote);
    assert.equal((await timelineOf(t.db, b)).length, 0);

    const requests = await openRequests(t.db, a);
    assert.deepEqual(
      requests.map((r) => [r.tipo, r.status]),
      [['ENVIO_VALORES', 'EM_ANDAMENTO']],
    );
    const afterCounts = await countersOf(t.db, a);
    assert.equal(afterCounts.APTO, (before.APTO ?? 0) - 2);
    assert.equal(afterCounts.EM_PROCESSAMENTO, (before.EM_PROCESSAMENTO ?? 0) + 2);

    const lote = await t.db.selectFrom('lote').selectAll().where('id', '=', body.lote).executeTakeFirstOrThrow();
    assert.deepEqual([lote.total, lote.sucesso, lote.erro, lote.pendente], [5, 2, 3, 0]);
    assert.equal(lote.origem, 'V3_ENVIAR_VALORES');
  });

  test("an unknown brbId and another IE's brbId get the same 'not found' row error; the other entry is untouched", async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], other);
    const foreign = entries[0]!.brbId;
    const response = await send(V3, { valores: [valuesItem(foreign), valuesItem(987_654_321)] });
    assert.equal(response.statusCode, 200);
    const body = response.json() as V3Out;
    assert.equal(body.registrosComErro, 2);
    const [first, second] = body.linhasComErro as [string, string];
    assert.equal(first.replace(String(foreign), 'X'), second.replace('987654321', 'X').replace('Row 2', 'Row 1'));
    assert.match(first, /NAO_ENCONTRADO/);
    assert.equal((await entryState(t.db, foreign)).situacao, 'APTO');
  });

  test('state rules: EM_PROCESSAMENTO needs reenvio; REVISAO_ANALISE is pending at the foundation; repeats are refused', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'REVISAO_ANALISE', 'FINALIZADO'], mine);
    const [apto, revisao, finalizado] = entries.map((x) => x.brbId) as [number, number, number];
    const first = (
      await send(V3, { valores: [valuesItem(apto), valuesItem(revisao), valuesItem(finalizado), valuesItem(apto)] })
    ).json() as V3Out;
    assert.equal(first.registrosComSucesso, 1);
    assert.equal(first.registrosPendentes, 1);
    assert.equal(first.registrosComErro, 2);
    assert.match(first.linhasPendenteFundacred[0]!, new RegExp(`Row 2 \\(brbId ${revisao}\\).*REVISAO_ANALISE`));
    assert.match(first.linhasComErro[0]!, /Row 3 .*is FINALIZADO.*\[SITUACAO\]/);
    assert.match(first.linhasComErro[1]!, /Row 4 .*repeats row 1.*\[DUPLICADO\]/);
    assert.equal((await entryState(t.db, revisao)).situacao, 'REVISAO_ANALISE');
    assert.equal((await openRequests(t.db, revisao)).length, 1);

    const again = (await send(V3, { valores: [valuesItem(apto)] })).json() as V3Out;
    assert.equal(again.registrosComErro, 1);
    assert.match(again.linhasComErro[0]!, /EM_PROCESSAMENTO.*reenvio=true.*\[SITUACAO\]/);

    const resent = (
      await send(V3, {
        reenvio: true,
        valores: [
          valuesItem(apto, { motivoReenvio: 'valor corrigido', valorCtrPrestServico: 8000, valorContrato: 4000 }),
        ],
      })
    ).json() as V3Out;
    assert.equal(resent.registrosComSucesso, 1);
    const requests = await openRequests(t.db, apto);
    assert.deepEqual(
      requests.map((r) => r.status),
      ['CANCELADA', 'EM_ANDAMENTO'],
    );
    const timeline = await timelineOf(t.db, apto);
    assert.deepEqual(
      timeline.map((e) => [e.acao, e.situacao_anterior, e.situacao_nova]),
      [
        ['ENVIAR_VALORES', 'APTO', 'EM_PROCESSAMENTO'],
        ['REENVIAR_VALORES', 'EM_PROCESSAMENTO', 'EM_PROCESSAMENTO'],
      ],
    );
    const replaced = await t.db
      .selectFrom('lote_linha')
      .select('processamento')
      .where('lote_id', '=', first.lote)
      .where('linha', '=', 1)
      .executeTakeFirstOrThrow();
    assert.equal(replaced.processamento, 'SUBSTITUIDO');
  });

  test('values waiting as a request of their own (written before batches, 0405) refuse the row; the entry is untouched', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO'], mine);
    const [waiting, free] = entries as [(typeof entries)[number], (typeof entries)[number]];
    const request = await createSolicitacao(t.db, mine, waiting, { tipo: 'ENVIO_VALORES', status: 'EM_ANDAMENTO' });
    const body = (await send(V3, { valores: [valuesItem(waiting.brbId), valuesItem(free.brbId)] })).json() as V3Out;
    assert.equal(body.registrosComSucesso, 1);
    assert.equal(body.registrosComErro, 1);
    assert.match(body.linhasComErro[0]!, new RegExp(`Row 1 \\(brbId ${waiting.brbId}\\).*\\[EM_ANDAMENTO\\]`));
    assert.equal((await entryState(t.db, waiting.brbId)).situacao, 'APTO');
    assert.equal((await timelineOf(t.db, waiting.brbId)).length, 0);
    assert.equal((await entryState(t.db, free.brbId)).situacao, 'EM_PROCESSAMENTO');

    // Resent, the values replace the waiting request, and only that one.
    const other = await createSolicitacao(t.db, mine, free, { tipo: 'TRANCAMENTO', status: 'EM_ANDAMENTO' });
    const resent = (await send(V3, { reenvio: true, valores: [valuesItem(waiting.brbId)] })).json() as V3Out;
    assert.equal(resent.registrosComSucesso, 1, resent.linhasComErro.join('\n'));
    const legacy = await t.db
      .selectFrom('solicitacao')
      .select(['status', 'dados'])
      .where('id', '=', request)
      .executeTakeFirstOrThrow();
    assert.equal(legacy.status, 'CANCELADA');
    assert.equal((legacy.dados as { substituidaPorLote?: number }).substituidaPorLote, resent.lote);
    const untouched = await t.db
      .selectFrom('solicitacao')
      .select('status')
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    assert.equal(untouched.status, 'EM_ANDAMENTO');
  });

  test('annual contracts take up to 12 installments; parcMeses must match the count', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO', 'APTO'], mine);
    const [a, b, c] = entries.map((x) => x.brbId) as [number, number, number];
    const body = (
      await send(V3, {
        valores: [
          valuesItem(a, { qtdParcelasCobertura: 12, contratoAnual: 'S' }),
          valuesItem(b, { parcMeses: '07/2026,08/2026,09/2026' }),
          valuesItem(c, { qtdParcelasCobertura: 3, parcMeses: '7,8,9', contratoAnual: 'talvez' }),
        ],
      })
    ).json() as V3Out;
    assert.equal(body.registrosComSucesso, 1);
    assert.match(
      body.linhasComErro[0]!,
      /Row 2 .*parcMeses lists 3 months but qtdParcelasCobertura is 6 \[PARC_MESES\]/,
    );
    assert.match(body.linhasComErro[1]!, /Row 3 .*contratoAnual must be S or N/);
  });

  test('a missing required field is a row error naming the field', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], mine);
    const body = (
      await send(V3, { valores: [{ brbId: entries[0]!.brbId, qtdParcelasCobertura: 6 }, {}] })
    ).json() as V3Out;
    assert.equal(body.registrosComErro, 2);
    assert.match(body.linhasComErro[0]!, /valorContrato is required \[OBRIGATORIO\]/);
    assert.match(body.linhasComErro[1]!, /^Row 2: brbId is required/);
  });

  test('bad input is 400 naming the field; no token is 401', async () => {
    for (const payload of [
      {},
      { valores: [] },
      { valores: [{ brbId: 'abc' }] },
      { valores: [{ brbId: 1, cor: 'azul' }] },
      { valores: [valuesItem(1)], dadosTrancamento: { brbId: 1, dataOcorrido: '2026-01-01' } },
      { valores: [valuesItem(1)], dadosTrancamento: { brbId: 1, dataOcorrido: '31-02-2026' } },
    ]) {
      const response = await send(V3, payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.ok(problemOf(response).detail.length > 10);
    }
    assert.equal(
      (await t.call({ method: 'POST', url: V3, payload: { valores: [valuesItem(1)] }, token: null })).statusCode,
      401,
    );
  });
});

describe('POST /s/v3/mais-acoes/alterar-status/enviar-valores', () => {
  test('takes entries in SEM_RENOVACAO only, and records the end of a lock', async () => {
    const { entries } = await ieWithEntries(t.db, ['SEM_RENOVACAO', 'APTO'], mine);
    const [locked, apto] = entries.map((x) => x.brbId) as [number, number];
    const response = await send(V3_STATUS, {
      valores: [valuesItem(locked), valuesItem(apto)],
      dadosTrancamento: { brbId: locked, dataOcorrido: '02-08-2026', caminhoArquivo: '/docs/retorno.pdf' },
    });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as V3Out;
    assert.equal(body.registrosComSucesso, 1);
    assert.match(body.linhasComErro[0]!, new RegExp(`brbId ${apto}.*SEM_RENOVACAO.*\\[SITUACAO\\]`));
    assert.deepEqual(body.trancamento, { resultado: 'OK', erro: '' });
    assert.deepEqual(await entryState(t.db, locked).then((s) => [s.situacao, s.motivo]), ['EM_PROCESSAMENTO', null]);
    const [event] = await timelineOf(t.db, locked);
    assert.equal(event!.situacao_anterior, 'SEM_RENOVACAO');
    assert.deepEqual((event!.detalhes as { fimTrancamento: unknown }).fimTrancamento, {
      dataOcorrido: '2026-08-02',
      caminhoArquivo: '/docs/retorno.pdf',
    });
  });

  test('dadosTrancamento for a row that failed reports ERRO without failing the batch', async () => {
    const { entries } = await ieWithEntries(t.db, ['SEM_RENOVACAO'], mine);
    const brbId = entries[0]!.brbId;
    const body = (
      await send(V3_STATUS, {
        valores: [valuesItem(brbId, { percentualConcedido: 0 })],
        dadosTrancamento: { brbId, dataOcorrido: '02-08-2026' },
      })
    ).json() as V3Out;
    assert.equal(body.trancamento.resultado, 'ERRO');
    assert.match(body.trancamento.erro, /not accepted/);
  });
});

describe('POST /s/v2/contrato/valores/enviar', () => {
  test('answers FillValuesOutDto with every row outcome', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO'], mine);
    const [a, b] = entries.map((x) => x.brbId) as [number, number];
    const response = await send(V2, { valores: [valuesItem(a), valuesItem(b, { valorContrato: 100.123 })] });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as {
      resultados: { linha: number; brbId: number; resultado: string; erros: { campo: string; regra: string }[] }[];
      lote: number;
    };
    assert.deepEqual(
      body.resultados.map((r) => [r.linha, r.brbId, r.resultado, r.erros.map((e) => `${e.campo}:${e.regra}`)]),
      [
        [1, a, 'SUCESSO', []],
        [2, b, 'ERRO', ['valorContrato:FORMATO']],
      ],
    );
    const lote = await t.db.selectFrom('lote').select('origem').where('id', '=', body.lote).executeTakeFirstOrThrow();
    assert.equal(lote.origem, 'V2_ENVIAR');
  });

  test('no token is 401; bad body is 400', async () => {
    assert.equal(
      (await t.call({ method: 'POST', url: V2, payload: { valores: [valuesItem(1)] }, token: null })).statusCode,
      401,
    );
    assert.equal((await send(V2, { valores: [valuesItem(1)], dadosTrancamento: {} })).statusCode, 400);
  });
});

describe('a database failure in the middle of a batch', () => {
  test('rolls the whole batch back: no batch, no rows, no requests, entries unchanged', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO', 'APTO'], mine);
    const ids = entries.map((x) => x.brbId);
    const counts = async () => ({
      lote: await countRows(t.database, 'lote'),
      linhas: await countRows(t.database, 'lote_linha'),
      solicitacoes: await countRows(t.database, 'todas_solicitacoes'),
      eventos: await countRows(t.database, 'todos_eventos'),
    });
    const before = await counts();
    await sql
      .raw(`
      create function falha_teste() returns trigger language plpgsql as $$
      begin
        if new.linha = 3 then raise exception 'injected failure'; end if;
        return new;
      end $$;
      create trigger falha_teste before insert on lote_linha for each row execute function falha_teste();
    `)
      .execute(t.db);
    try {
      const response = await send(V3, { valores: ids.map((id) => valuesItem(id)) });
      assert.equal(response.statusCode, 500);
      assert.doesNotMatch(response.body, /injected/);
    } finally {
      await sql.raw('drop trigger falha_teste on lote_linha; drop function falha_teste();').execute(t.db);
    }
    assert.deepEqual(await counts(), before);
    for (const id of ids) assert.equal((await entryState(t.db, id)).situacao, 'APTO');
  });
});
