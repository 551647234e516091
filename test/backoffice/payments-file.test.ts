import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { bombSheet, xlsxPackage } from '../helpers/hostile-files.js';
import { calendar, contractInRestitution, moneySnapshot, type Restitution } from '../helpers/restitution-factories.js';
import { multipartBody, xlsxOf } from '../helpers/values-factories.js';

/**
 * Issue 22, item 3: the bank's payments file, one batch with a result per row, under the rules of
 * one payment (DOMAIN.md: in order, partial, no future, no overpayment, closed months untouched),
 * and idempotent on re-upload. Expected money from the schedule in restitution-factories.ts:
 * installments 1168.00, 1171.50, 1175.00, 1178.50, 1182.00, 1185.50 (total 7060.50).
 */
let t: TestContext;
let r1: Restitution;
let r2: Restitution;
let r3: Restitution;
const c = calendar();
const operator = { role: 'OPERADOR' as const, ies: [] };
const FILE = '/s/operador/pagamentos/arquivo';
const br = (iso: string) => iso.split('-').reverse().join('/');
const maskCpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;

/** Contracts numbered as the demo and the portal show them (ano.000000id). */
async function contractOf(r: Restitution) {
  await t.db
    .updateTable('contrato')
    .set({ numero: `2025.${String(r.contratoId).padStart(9, '0')}` })
    .where('id', '=', r.contratoId)
    .execute();
  return t.db
    .selectFrom('contrato as k')
    .innerJoin('bolsa as b', 'b.id', 'k.bolsa_id')
    .innerJoin('estudante as s', 's.id', 'b.estudante_id')
    .select(['k.numero', 's.cpf', 's.nome'])
    .where('k.id', '=', r.contratoId)
    .executeTakeFirstOrThrow();
}

interface FileOut {
  total: number;
  registradas: number;
  recusadas: number;
  jaRegistradas: number;
  mesmoArquivoAnterior: { arquivoId: number } | null;
  linhas: {
    linha: number;
    resultado: string;
    mensagem: string | null;
    pagamento: {
      competencia: string;
      saldoContrato: number;
      alocacoes: { parcela: number; valorPago: number; saldoParcela: number; status: string }[];
    } | null;
  }[];
}

function upload(filename: string, content: Buffer | string, who: object = operator) {
  const body = multipartBody({ filename, content });
  return t.call({
    method: 'POST',
    url: FILE,
    ...who,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': 'pt-BR' },
  });
}

async function schedule(r: Restitution) {
  const res = await t.call({
    method: 'GET',
    url: `/s/v2/contrato/valores/calcular-parcelas-reembolso?contratoId=${r.contratoId}`,
    ies: [r.ie.ieId],
  });
  return res.json() as { parcelas: { status: string; saldo: number }[]; totais: { pago: number; saldo: number } };
}

let csv: string;
before(async () => {
  t = await createTestApp();
  r1 = await contractInRestitution(t.db);
  r2 = await contractInRestitution(t.db);
  r3 = await contractInRestitution(t.db);
  const k1 = await contractOf(r1);
  const k2 = await contractOf(r2);
  const closedDay = `${c.closed}-15`;
  csv =
    '\uFEFFContrato;CPF;Data do pagamento;Valor\r\n' +
    `${k1.numero};;${br(c.today)};1.168,00\r\n` +
    `${k1.numero.replace('.', '')};;${br(c.today)};100,00\r\n` +
    `;${maskCpf(k2.cpf)};${br(closedDay)};1168,00\r\n` +
    `${k1.numero};;${br(c.tomorrow)};10,00\r\n` +
    `${k1.numero};;${br(c.today)};99.999,00\r\n` +
    `2025.999999999;;${br(c.today)};10,00\r\n` +
    `${k1.numero};;31/02/2026;10,00\r\n`;
});
after(() => t.close());

describe('POST /s/operador/pagamentos/arquivo', () => {
  test('records each valid row under the payment rules and refuses the others, row by row', async () => {
    const res = await upload('retorno-banco.csv', csv);
    assert.equal(res.statusCode, 200, res.body);
    const out = res.json() as FileOut;
    assert.deepEqual([out.total, out.registradas, out.recusadas, out.jaRegistradas], [7, 3, 4, 0]);
    assert.equal(out.mesmoArquivoAnterior, null);
    const [a, b, cpfRow, future, over, unknown, badDate] = out.linhas;
    // Row 2: installment 1 (1168.00) paid whole; the contract owes 7060.50 − 1168.00 = 5892.50.
    assert.deepEqual(
      a!.pagamento!.alocacoes.map((x) => [x.parcela, x.valorPago, x.saldoParcela, x.status]),
      [[1, 1168, 0, 'PAGA']],
    );
    assert.equal(a!.pagamento!.saldoContrato, 5892.5);
    // Row 3 (the number without its dot): 100.00 on installment 2 in order, 1171.50 − 100 = 1071.50 left.
    assert.deepEqual(
      b!.pagamento!.alocacoes.map((x) => [x.parcela, x.valorPago, x.saldoParcela, x.status]),
      [[2, 100, 1071.5, 'PARCIAL']],
    );
    assert.equal(b!.pagamento!.saldoContrato, 5792.5);
    // Row 4, by CPF, dated in a closed month: it goes into the current month (the closed one never changes).
    assert.equal(cpfRow!.resultado, 'REGISTRADO');
    assert.equal(cpfRow!.pagamento!.competencia, c.current);
    assert.equal(future!.resultado, 'RECUSADO');
    assert.match(future!.mensagem!, /data do pagamento: não pode ser futura/);
    assert.equal(over!.resultado, 'RECUSADO');
    assert.match(over!.mensagem!, /99999\.00 é maior que o saldo em aberto do contrato \(5792\.50\)/);
    assert.match(unknown!.mensagem!, /Contrato 2025\.999999999 não encontrado/);
    assert.match(badDate!.mensagem!, /dd\/mm\/aaaa/);
    const s1 = await schedule(r1);
    assert.deepEqual(
      s1.parcelas.map((p) => p.status),
      ['PAGA', 'PARCIAL', 'ABERTA', 'ABERTA', 'ABERTA', 'ABERTA'],
    );
    assert.deepEqual([s1.totais.pago, s1.totais.saldo], [1268, 5792.5]);
    assert.deepEqual((await schedule(r2)).totais.pago, 1168);
  });

  test('the same file again records nothing twice', async () => {
    const before = await moneySnapshot(t.db);
    const res = await upload('retorno-banco.csv', csv);
    assert.equal(res.statusCode, 200, res.body);
    const out = res.json() as FileOut;
    assert.deepEqual([out.registradas, out.jaRegistradas, out.recusadas], [0, 3, 4]);
    assert.ok(out.mesmoArquivoAnterior);
    assert.match(out.linhas[0]!.mensagem!, /Já registrado pelo arquivo \d+, linha 2/);
    assert.deepEqual(await moneySnapshot(t.db), before, 'no payment recorded twice');
  });

  test('an xlsx file with date cells and numbers is read the same way', async () => {
    const k3 = await contractOf(r3);
    const file = await xlsxOf([
      ['Número do contrato', 'Data do pagamento', 'Valor pago'],
      [k3.numero, new Date(`${c.today}T00:00:00Z`), 1168],
      [k3.numero, new Date(`${c.today}T00:00:00Z`), 1168],
    ]);
    const res = await upload('retorno.xlsx', file);
    assert.equal(res.statusCode, 200, res.body);
    const out = res.json() as FileOut;
    // Two identical rows are two payments (installments 1 and 2: 1168.00 then 1168.00 of 1171.50).
    assert.deepEqual(
      out.linhas.map((l) => l.pagamento?.alocacoes.map((x) => [x.parcela, x.saldoParcela])),
      [[[1, 0]], [[2, 3.5]]],
    );
  });

  test('refusals: 401, 403 for an IE (nothing changed), 415 for another file type, 400 for a bad header', async () => {
    const before = await moneySnapshot(t.db);
    assert.equal((await upload('a.csv', csv, { token: null })).statusCode, 401);
    const ie = await upload('a.csv', csv, { ies: [r1.ie.ieId] });
    assert.equal(ie.statusCode, 403);
    problemOf(ie);
    assert.deepEqual(await moneySnapshot(t.db), before);
    const txt = await upload('a.txt', csv);
    assert.equal(txt.statusCode, 415);
    const header = await upload('a.csv', 'nome;quando\nx;y\n');
    assert.equal(header.statusCode, 400);
    assert.match(problemOf(header).detail, /cabeçalho não é válida \("nome", "quando"\)/);
    assert.equal((await upload('a.csv', 'Contrato;Data;Valor\n')).statusCode, 400);
    assert.deepEqual(await moneySnapshot(t.db), before);
  });
});

describe('finding a contract and previewing a payment', () => {
  test('by the number as shown, by CPF (masked) and by name; never the internal id', async () => {
    const k = await contractOf(r2);
    for (const busca of [k.numero, maskCpf(k.cpf), k.nome.split(' ')[0]!]) {
      const res = await t.call({
        method: 'GET',
        url: `/s/operador/contratos?busca=${encodeURIComponent(busca)}`,
        ...operator,
      });
      assert.equal(res.statusCode, 200, res.body);
      const itens = (res.json() as { itens: { contratoId: number; numeroContrato: string; saldoAberto: number }[] })
        .itens;
      assert.ok(
        itens.some((i) => i.contratoId === r2.contratoId && i.numeroContrato === k.numero),
        `${busca} finds the contract`,
      );
    }
    const short = await t.call({ method: 'GET', url: '/s/operador/contratos?busca=ab', ...operator });
    assert.equal(short.statusCode, 400);
    assert.equal(
      (await t.call({ method: 'GET', url: '/s/operador/contratos?busca=abc', token: null })).statusCode,
      401,
    );
    assert.equal(
      (await t.call({ method: 'GET', url: '/s/operador/contratos?busca=abc', ies: [r2.ie.ieId] })).statusCode,
      403,
    );
  });

  test('the preview names the installments and the balance after, and records nothing', async () => {
    const before = await moneySnapshot(t.db);
    // r2 paid installment 1 (1168.00); 2000.00 goes to installment 2 (1171.50) and 828.50 to 3 (1175.00 → 346.50).
    const res = await t.call({
      method: 'POST',
      url: '/s/operador/pagamentos/simulacao',
      ...operator,
      payload: { contratoId: r2.contratoId, dataPagamento: c.today, valorPago: 2000 },
    });
    assert.equal(res.statusCode, 200, res.body);
    const p = res.json() as {
      saldoAntes: number;
      saldoDepois: number;
      alocacoes: { parcela: number; saldoParcela: number }[];
    };
    assert.deepEqual(
      p.alocacoes.map((a) => [a.parcela, a.saldoParcela]),
      [
        [2, 0],
        [3, 346.5],
      ],
    );
    assert.deepEqual([p.saldoAntes, p.saldoDepois], [5892.5, 3892.5]);
    const over = await t.call({
      method: 'POST',
      url: '/s/operador/pagamentos/simulacao',
      ...operator,
      payload: { contratoId: r2.contratoId, dataPagamento: c.today, valorPago: 9000 },
    });
    assert.equal(over.statusCode, 422);
    const unknown = await t.call({
      method: 'POST',
      url: '/s/operador/pagamentos/simulacao',
      ...operator,
      payload: { contratoId: 987654321, dataPagamento: c.today },
    });
    assert.equal(unknown.statusCode, 404);
    const ie = await t.call({
      method: 'POST',
      url: '/s/operador/pagamentos/simulacao',
      ies: [r2.ie.ieId],
      payload: { contratoId: r2.contratoId, dataPagamento: c.today },
    });
    assert.equal(ie.statusCode, 403);
    assert.deepEqual(await moneySnapshot(t.db), before);
  });
});

describe('POST /s/operador/pagamentos/arquivo: hostile workbooks (issue 23, item 3)', () => {
  const cases: [string, Buffer, number, RegExp][] = [
    ['bomba.xlsx', xlsxPackage(() => bombSheet(40)), 413, /UPLOAD_MAX_(INFLATED_BYTES|ZIP_RATIO)/],
    ['razao.xlsx', xlsxPackage(() => bombSheet(4)), 413, /UPLOAD_MAX_ZIP_RATIO/],
    ['mentira.xlsx', xlsxPackage(() => bombSheet(40), { sheetDeclared: 2000 }), 400, /corrompido ou incompleto/],
    ['aleatorio.xlsx', randomBytes(64 * 1024), 400, /não é um xlsx válido|xlsx/],
  ];
  for (const [name, file, status, detail] of cases) {
    test(`${name} is refused by the bounded reader (${status}) and records nothing`, async () => {
      const before = await moneySnapshot(t.db);
      const res = await upload(name, file);
      assert.equal(res.statusCode, status, res.body);
      assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
      assert.match(problemOf(res).detail, detail);
      assert.deepEqual(await moneySnapshot(t.db), before);
    });
  }
});
