import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { batchRows, ieWithEntries, multipartBody } from '../helpers/values-factories.js';

/**
 * Row errors are stored as field + rule code + params and written when the batch is read
 * (src/modules/values/row-errors.ts): the same batch reads in Portuguese by default and in
 * English on `Accept-Language: en`, in the import's answer, the batch listing, its CSV and the
 * values of a process; a row stored before the catalog (English `mensagem`, no params) still reads.
 */
let t: TestContext;
let mine: TestIe;
before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
});
after(() => t.close());

const HEADER = 'brbId,nomeEstudante,qtdParcelasCobertura,valorCtrPrestServico,percentualConcedido,valorContrato';

/** The service's default: no Accept-Language at all (t.call always sends one). */
async function plain(url: string) {
  const token = await t.token({ ies: [mine.ieId] });
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

interface BatchDetail {
  linhas: { itens: { linha: number; erros: { campo: string; regra: string; mensagem: string }[] }[] };
}
const messages = (body: BatchDetail) =>
  body.linhas.itens.flatMap((r) => r.erros.map((e) => [r.linha, e.regra, e.mensagem]));

describe('row errors follow the reader’s language', () => {
  let lote: number;
  let ok: number;
  const missing = 987_654_321;

  test('the import answers in Portuguese when asked so, the row errors included', async () => {
    const { entries } = await ieWithEntries(t.db, ['APTO', 'APTO'], mine);
    ok = entries[0]!.brbId;
    const other = entries[1]!.brbId;
    const csv = [
      HEADER,
      `${ok},Ana,6,9000.00,50,4500.00`,
      `${ok},Ana,6,9000.00,50,4500.00`,
      `${missing},Bia,6,9000.00,50,4500.00`,
      `${other},Caio,9,9000.00,50,4400.00`,
    ].join('\n');
    const { payload, headers } = multipartBody({ filename: 'valores.csv', content: `${csv}\n` });
    const response = await t.call({
      method: 'POST',
      url: '/s/v1/contrato/valores/importar-lote',
      payload,
      headers: { ...headers, 'accept-language': 'pt-BR' },
      ies: [mine.ieId],
    });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { lote: number; erro: string; linhasComErro: string[] };
    lote = body.lote;
    assert.equal(
      body.erro,
      '3 de 4 linhas não foram aceitas; veja linhasComErro, corrija-as e envie essas linhas de novo.',
    );
    assert.deepEqual(body.linhasComErro, [
      // Portuguese names the sheet's columns by their labels, with no rule codes (those are in `erros`).
      `Linha 3 (brbId ${ok}): Contrato (brbId) repete a linha 2 deste lote; envie cada estudante uma vez`,
      `Linha 4 (brbId ${missing}): Contrato (brbId) não foi encontrado entre as entradas de jornada das suas instituições`,
      `Linha 5 (brbId ${other}): Parcelas cobertas deve estar entre 1 e 6 (recebido 9) para um semestre ` +
        '(até 12 quando "Contrato anual" é S); Valor financiado deve ser "Valor do contrato de prestação de serviços" × ' +
        '"Percentual concedido" / 100 = 4500.00, com no máximo um centavo de diferença (recebido 4400.00)',
    ]);
    // What is stored is the rule and its params, no text in either language.
    const stored = await batchRows(t.db, lote);
    assert.deepEqual(stored[3]!.erros, [
      { campo: 'qtdParcelasCobertura', regra: 'FAIXA', params: { min: 1, max: 6, valor: 9, anual: false } },
      { campo: 'valorContrato', regra: 'VALOR_CONTRATO', params: { esperado: '4500.00', valor: '4400.00' } },
    ]);
  });

  test('the same batch read later: Portuguese by default, English on en', async () => {
    const pt = await plain(`/s/lotes/${lote}?resultado=ERRO`);
    assert.equal(pt.statusCode, 200, pt.body);
    assert.deepEqual(messages(pt.json() as BatchDetail), [
      [3, 'DUPLICADO', 'repete a linha 2 deste lote; envie cada estudante uma vez'],
      [4, 'NAO_ENCONTRADO', 'não foi encontrado entre as entradas de jornada das suas instituições'],
      [5, 'FAIXA', 'deve estar entre 1 e 6 (recebido 9) para um semestre (até 12 quando "Contrato anual" é S)'],
      [
        5,
        'VALOR_CONTRATO',
        'deve ser "Valor do contrato de prestação de serviços" × "Percentual concedido" / 100 = 4500.00, com no máximo um centavo de diferença (recebido 4400.00)',
      ],
    ]);
    const en = await t.call({ method: 'GET', url: `/s/lotes/${lote}?resultado=ERRO`, ies: [mine.ieId] });
    assert.deepEqual(messages(en.json() as BatchDetail), [
      [3, 'DUPLICADO', 'repeats row 2 of this batch; send each student once'],
      [4, 'NAO_ENCONTRADO', 'was not found among the journey entries of your institutions'],
      [5, 'FAIXA', 'must be between 1 and 6 (got 9) for a semester (up to 12 when contratoAnual is S)'],
      [
        5,
        'VALOR_CONTRATO',
        'must be valorCtrPrestServico × percentualConcedido / 100 = 4500.00 within one cent (got 4400.00)',
      ],
    ]);
  });

  test("the batch's CSV writes its errors in the file's language", async () => {
    const pt = await plain(`/s/lotes/${lote}?formato=csv&resultado=ERRO`);
    assert.equal(pt.statusCode, 200, pt.body);
    assert.match(pt.body, /Contrato \(brbId\): repete a linha 2 deste lote; envie cada estudante uma vez/);
    const en = await t.call({ method: 'GET', url: `/s/lotes/${lote}?formato=csv&resultado=ERRO`, ies: [mine.ieId] });
    assert.match(en.body, /brbId: repeats row 2 of this batch; send each student once/);
  });

  test('a row stored before the catalog (English mensagem, no params) still reads in both languages', async () => {
    const old = [
      {
        campo: 'brbId',
        regra: 'NAO_ENCONTRADO',
        mensagem: 'was not found among the journey entries of your institutions',
      },
      { campo: 'idCurso', regra: 'CURSO', mensagem: "is 7 but the student's course is 3" },
    ];
    await sql`update lote_linha set erros = ${JSON.stringify(old)}::jsonb where lote_id = ${lote} and linha = 4`.execute(
      t.db,
    );
    const pt = await plain(`/s/lotes/${lote}?resultado=ERRO`);
    assert.deepEqual(
      messages(pt.json() as BatchDetail).filter(([linha]) => linha === 4),
      [
        // A rule whose message needs no values reads as a new row; the others in general words.
        [4, 'NAO_ENCONTRADO', 'não foi encontrado entre as entradas de jornada das suas instituições'],
        [4, 'CURSO', 'não é o curso do estudante'],
      ],
    );
    const en = await t.call({ method: 'GET', url: `/s/lotes/${lote}?resultado=ERRO`, ies: [mine.ieId] });
    assert.deepEqual(
      messages(en.json() as BatchDetail).filter(([linha]) => linha === 4),
      [
        [4, 'NAO_ENCONTRADO', 'was not found among the journey entries of your institutions'],
        [4, 'CURSO', "is 7 but the student's course is 3"],
      ],
    );
  });
});

describe('other field messages read in Portuguese by default', () => {
  test('an unknown journey type names the accepted codes', async () => {
    const pt = await plain('/s/v2/renovacao/jornadas?tipo=XYZ');
    assert.equal(pt.statusCode, 400, pt.body);
    const body = pt.json() as { errors: { pointer: string; message: string }[] };
    assert.equal(body.errors[0]!.pointer, '/querystring/tipo');
    assert.match(body.errors[0]!.message, /^deve ser um destes: /);
    const en = await t.call({ method: 'GET', url: '/s/v2/renovacao/jornadas?tipo=XYZ', ies: [mine.ieId] });
    assert.match((en.json() as typeof body).errors[0]!.message, /^must be one of: /);
  });
});
