import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { ieWithEntries, multipartBody, valuesItem } from '../helpers/values-factories.js';

let t: TestContext;
let mine: TestIe;
let other: TestIe;
before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
  other = await createIe(t.db);
});
after(() => t.close());

interface ValuesOut {
  brbId: number;
  idProcesso: number;
  ano: number;
  semestre: number;
  situacao: string;
  envios: {
    lote: number;
    linha: number;
    origem: string;
    resultado: string;
    erros: { campo: string; regra: string }[];
    processamento: string;
    valores: Record<string, unknown>;
  }[];
}

describe('GET /s/v2/contrato/valores/{brbId} and /{id-processo}/{ano}/{semestre}', () => {
  test('list every send for the entry, newest first, with batch, outcome and values', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], mine);
    const { brbId, processoId } = entries[0]!;
    const call = (payload: object) =>
      t.call({ method: 'POST', url: '/s/v2/contrato/valores/enviar', ies: [mine.ieId], payload });
    const first = (await call({ valores: [valuesItem(brbId, { percentualConcedido: 101 })] })).json() as {
      lote: number;
    };
    const second = (
      await call({
        valores: [
          valuesItem(brbId, {
            valorCtrPrestServico: 1234.56,
            percentualConcedido: 12.5,
            valorContrato: 154.32,
            parcMeses: '7,8,9,10,11,12',
          }),
        ],
      })
    ).json() as { lote: number };

    const byBrb = await t.call({ method: 'GET', url: `/s/v2/contrato/valores/${brbId}`, ies: [mine.ieId] });
    assert.equal(byBrb.statusCode, 200, byBrb.body);
    const body = byBrb.json() as ValuesOut;
    assert.deepEqual(
      [body.brbId, body.idProcesso, body.ano, body.semestre, body.situacao],
      [brbId, processoId, 2026, 2, 'EM_PROCESSAMENTO'],
    );
    assert.deepEqual(
      body.envios.map((e) => [e.lote, e.linha, e.origem, e.resultado, e.processamento]),
      [
        [second.lote, 1, 'V2_ENVIAR', 'SUCESSO', 'AGUARDANDO'],
        [first.lote, 1, 'V2_ENVIAR', 'ERRO', 'NAO_APLICAVEL'],
      ],
    );
    assert.deepEqual(
      body.envios[1]!.erros.map((e) => e.regra),
      ['FAIXA'],
    );
    assert.deepEqual(body.envios[0]!.valores, {
      nomeEstudante: `Estudante ${brbId}`,
      qtdParcelasCobertura: 6,
      qtdCreditos: null,
      valorContrato: 154.32,
      valorCtrPrestServico: 1234.56,
      percentualConcedido: 12.5,
      parcMeses: '7,8,9,10,11,12',
      idCurso: null,
      regimeContrato: null,
      contratoAnual: null,
      motivoReenvio: null,
      motivo: null,
      serieSemestre: null,
    });

    const byProcess = await t.call({
      method: 'GET',
      url: `/s/v2/contrato/valores/${processoId}/2026/2`,
      ies: [mine.ieId],
    });
    assert.equal(byProcess.statusCode, 200);
    assert.deepEqual(byProcess.json(), body);
    assert.equal(
      (await t.call({ method: 'GET', url: `/s/v2/contrato/valores/${processoId}/2025/1`, ies: [mine.ieId] }))
        .statusCode,
      404,
    );
  });

  test("another IE's brbId or process is 404, like an unknown one; bad ids are 400; no token is 401", async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO'], other);
    const { brbId, processoId } = entries[0]!;
    for (const url of [
      `/s/v2/contrato/valores/${brbId}`,
      `/s/v2/contrato/valores/${processoId}/2026/2`,
      '/s/v2/contrato/valores/99999999',
    ]) {
      const response = await t.call({ method: 'GET', url, ies: [mine.ieId] });
      assert.equal(response.statusCode, 404, url);
      assert.equal(problemOf(response).status, 404);
    }
    for (const url of ['/s/v2/contrato/valores/abc', '/s/v2/contrato/valores/1/2026/3', '/s/v2/contrato/valores/0']) {
      assert.equal((await t.call({ method: 'GET', url, ies: [mine.ieId] })).statusCode, 400, url);
    }
    assert.equal(
      (await t.call({ method: 'GET', url: `/s/v2/contrato/valores/${brbId}`, token: null })).statusCode,
      401,
    );
  });
});

describe('POST /s/v1/contrato/valores/dados-complementares', () => {
  const URL = '/s/v1/contrato/valores/dados-complementares';

  test("JSON: the caller's APTO students, pre-filled from the contract's last accepted values", async () => {
    const ie = await createIe(t.db);
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO', 'FINALIZADO'], ie);
    await ieWithEntries(t.db, ['APTO'], other);
    const response = await t.call({ method: 'POST', url: URL, ies: [ie.ieId], payload: {} });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { colunas: string[]; obrigatorias: string[]; linhas: Record<string, unknown>[] };
    assert.equal(body.colunas[0], 'brbId');
    assert.ok(body.obrigatorias.includes('valorContrato'));
    assert.deepEqual(
      body.linhas.map((l) => l.brbId),
      [entries[0]!.brbId, entries[1]!.brbId],
    );
    assert.equal(body.linhas[0]!.idCurso, ie.cursoId);
    assert.match(String(body.linhas[0]!.nomeEstudante), /Estudante Teste/);

    await t.call({
      method: 'POST',
      url: '/s/v2/contrato/valores/enviar',
      ies: [ie.ieId],
      payload: { valores: [valuesItem(entries[0]!.brbId, { contratoAnual: 'N' })] },
    });
    const processing = (
      await t.call({ method: 'POST', url: URL, ies: [ie.ieId], payload: { situacao: 'EM_PROCESSAMENTO' } })
    ).json() as {
      linhas: Record<string, unknown>[];
    };
    assert.deepEqual(processing.linhas, [
      {
        brbId: entries[0]!.brbId,
        nomeEstudante: processing.linhas[0]!.nomeEstudante,
        idCurso: ie.cursoId,
        qtdParcelasCobertura: 6,
        qtdCreditos: null,
        valorContrato: 4500,
        valorCtrPrestServico: 9000,
        percentualConcedido: 50,
        regimeContrato: null,
        contratoAnual: 'N',
      },
    ]);
  });

  test('CSV by Accept header, filled in and imported back', async () => {
    const ie = await createIe(t.db);
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO'], ie);
    const response = await t.call({
      method: 'POST',
      url: URL,
      ies: [ie.ieId],
      payload: {},
      headers: { accept: 'text/csv' },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/csv/);
    assert.match(
      String(response.headers['content-disposition']),
      /attachment; filename="valores-dados-complementares\.csv"/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines.length, 3);
    // As Excel pt-BR opens it: ';' separated, Portuguese headers (which the import reads back).
    assert.ok(lines[0]!.startsWith('Contrato (brbId);Nome do estudante;Parcelas cobertas'), lines[0]);
    const filled = [
      lines[0],
      ...lines.slice(1).map((l) => {
        const cells = l.split(';');
        cells[2] = '6';
        cells[4] = '4500,00';
        cells[5] = '9000,00';
        cells[6] = '50';
        return cells.join(';');
      }),
    ].join('\n');
    const { payload, headers } = multipartBody({ filename: 'preenchida.csv', content: filled });
    const imported = await t.call({
      method: 'POST',
      url: '/s/v1/contrato/valores/importar-lote',
      ies: [ie.ieId],
      payload,
      headers,
    });
    assert.equal(imported.statusCode, 200, imported.body);
    assert.equal((imported.json() as { registrosComSucesso: number }).registrosComSucesso, entries.length);
  });

  test('xlsx on request, and the empty template', async () => {
    const ie = await createIe(t.db);
    const { entries } = await ieWithEntries(t.db, ['APTO'], ie);
    const response = await t.call({ method: 'POST', url: URL, ies: [ie.ieId], payload: { formato: 'xlsx' } });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    assert.equal(sheet.getRow(1).getCell(1).value, 'Contrato (brbId)');
    assert.equal(sheet.getRow(2).getCell(1).value, entries[0]!.brbId);

    const template = await t.call({
      method: 'POST',
      url: URL,
      ies: [ie.ieId],
      payload: { modelo: true, formato: 'csv' },
    });
    assert.equal(
      template.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n').length,
      1,
    );
    const viaGet = await t.call({ method: 'GET', url: '/s/v1/contrato/valores/importar-lote/modelo', ies: [ie.ieId] });
    assert.equal(viaGet.statusCode, 200);
    assert.equal(viaGet.body, template.body);
    const xlsxTemplate = await t.call({
      method: 'GET',
      url: '/s/v1/contrato/valores/importar-lote/modelo?formato=xlsx',
      ies: [ie.ieId],
    });
    assert.match(String(xlsxTemplate.headers['content-disposition']), /modelo-valores\.xlsx/);
  });

  test("another IE's ieId or journey is 404; bad input 400; no token 401", async () => {
    const theirs = await ieWithEntries(t.db, ['APTO'], other);
    assert.equal(
      (await t.call({ method: 'POST', url: URL, ies: [mine.ieId], payload: { ieId: other.ieId } })).statusCode,
      404,
    );
    const journey = await t.db
      .selectFrom('entrada_jornada')
      .select('jornada_id')
      .where('id', '=', theirs.entries[0]!.brbId)
      .executeTakeFirstOrThrow();
    assert.equal(
      (await t.call({ method: 'POST', url: URL, ies: [mine.ieId], payload: { jornadaId: journey.jornada_id } }))
        .statusCode,
      404,
    );
    const onlyTheirs = (
      await t.call({ method: 'POST', url: URL, ies: [mine.ieId], payload: { brbIds: [theirs.entries[0]!.brbId] } })
    ).json() as { linhas: unknown[] };
    assert.deepEqual(onlyTheirs.linhas, []);
    for (const payload of [{ formato: 'pdf' }, { situacao: 'FINALIZADO' }, { brbIds: ['x'] }, { extra: 1 }]) {
      assert.equal(
        (await t.call({ method: 'POST', url: URL, ies: [mine.ieId], payload })).statusCode,
        400,
        JSON.stringify(payload),
      );
    }
    assert.equal((await t.call({ method: 'POST', url: URL, payload: {}, token: null })).statusCode, 401);
  });
});
