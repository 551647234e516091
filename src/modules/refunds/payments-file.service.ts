import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { AppError, asText } from '../../http/errors.js';
import { answered, type Text, t } from '../../http/i18n.js';
import { now as clockNow, isCalendarDate } from '../../lib/business-date.js';
import { normalizeCpf } from '../../lib/cpf.js';
import { Money } from '../../lib/money.js';
import { DEFAULT_SHEET_LIMITS, type SheetLimits } from '../../lib/sheet-limits.js';
import { businessToday } from '../transfers/months.js';
import { contractsByNumberOrCpf } from './payment-contracts.repository.js';
import type { RowOutcome } from './payment-files.tables.js';
import { recordPaymentsIn } from './payments.service.js';
import { type FileRow, type PaymentsFileSource, readPaymentsFile } from './payments-file.reader.js';

/**
 * A payments file imported as one batch (arquivo_pagamento) with a result per row. Each row is
 * one payment under the same rules as POST /s/operador/pagamentos (recordPaymentsIn: in order,
 * partial, no future, no overpayment, closed months untouched), in its own transaction, so a bad
 * row never blocks the others. Each recorded row leaves a key (contract, date, amount and its
 * occurrence among identical rows of the file) in pagamento_chave in the same transaction: the
 * same file uploaded again, or a later file repeating its rows, records nothing twice, and a
 * file cut off half-way is finished by sending it again.
 */

const FIELD: Record<string, Text> = {
  contratoId: t('contrato', 'contract'),
  parcela: t('parcela', 'installment'),
  dataPagamento: t('data do pagamento', 'payment date'),
  valorPago: t('valor', 'amount'),
};

/** A refusal as one sentence for the row: the field in words and what is wrong with it. */
function reasonOf(error: AppError): Text {
  const first = (error.extra.errors as { pointer: string; message: unknown }[] | undefined)?.[0];
  if (!first) return error.text;
  const field = FIELD[first.pointer.split('/').pop() ?? ''] ?? t('linha', 'row');
  const m = asText(first.message as Text);
  return t(`${field.pt}: ${m.pt}`, `${field.en}: ${m.en}`);
}

/** dd/mm/aaaa (or yyyy-mm-dd, as xlsx date cells give it) → yyyy-mm-dd, or null. */
function dateOf(text: string | null): string | null {
  if (!text) return null;
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : text;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && isCalendarDate(iso) ? iso : null;
}

/** 1.234,56 / 1234,56 / 1234.56 / 1234 → "1234.56", or null (never a float on the way). */
function amountOf(text: string | null): string | null {
  if (!text) return null;
  const plain = text.replace(/^R\$\s*/i, '').replace(/\s/g, '');
  let normal: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(plain) || /^\d+(,\d{1,2})?$/.test(plain))
    normal = plain.replace(/\./g, '').replace(',', '.');
  else if (/^\d+(\.\d{1,2})?$/.test(plain)) normal = plain;
  else return null;
  const value = new Money(normal);
  return value.gt(0) ? value.toFixed(2) : null;
}

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

interface RowResult {
  linha: number;
  contrato: string | null;
  cpf: string | null;
  dataPagamento: string | null;
  valor: string | null;
  contratoId: number | null;
  resultado: RowOutcome;
  mensagem: Text | null;
  pagamento: unknown;
}

export async function importPaymentsFile(
  db: Db,
  caller: Caller,
  file: PaymentsFileSource & { filename: string },
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
  signal?: AbortSignal,
  now: Date = clockNow(),
) {
  const rows = await readPaymentsFile(file, limits, signal);
  const today = businessToday(now);
  const hash = sha256(file.buffer);
  const earlier = await db
    .selectFrom('arquivo_pagamento')
    .select(['id', 'created_at'])
    .where('sha256', '=', hash)
    .orderBy('id')
    .executeTakeFirst();
  const contracts = await contractsByNumberOrCpf(
    db,
    rows.map((r) => r.contrato).filter((c): c is string => c !== null),
    rows.map((r) => normalizeCpf(r.cpf ?? '')).filter((c): c is string => c !== null),
  );
  const arquivo = await db
    .insertInto('arquivo_pagamento')
    .values({ nome: file.filename, sha256: hash, formato: file.format, enviado_por: caller.sub })
    .returning('id')
    .executeTakeFirstOrThrow();

  const seen = new Map<string, number>();
  const results: RowResult[] = [];
  for (const row of rows) {
    const result = await importRow(db, caller, row, contracts, seen, today, arquivo.id);
    results.push(result);
    await db
      .insertInto('arquivo_pagamento_linha')
      .values({
        arquivo_id: arquivo.id,
        linha: row.linha,
        contrato: row.contrato,
        cpf: row.cpf,
        data_pagamento: row.data,
        valor: row.valor,
        contrato_id: result.contratoId,
        resultado: result.resultado,
        mensagem: result.mensagem ? JSON.stringify(result.mensagem) : null,
        pagamento: result.pagamento ? JSON.stringify(result.pagamento) : null,
      })
      .execute();
  }
  const count = (r: RowOutcome) => results.filter((x) => x.resultado === r).length;
  await db
    .updateTable('arquivo_pagamento')
    .set({
      total: results.length,
      registradas: count('REGISTRADO'),
      recusadas: count('RECUSADO'),
      ja_registradas: count('JA_REGISTRADO'),
    })
    .where('id', '=', arquivo.id)
    .execute();
  return answered({
    arquivoId: arquivo.id,
    nome: file.filename,
    sha256: hash,
    mesmoArquivoAnterior: earlier ? { arquivoId: earlier.id, enviadoEm: earlier.created_at.toISOString() } : null,
    total: results.length,
    registradas: count('REGISTRADO'),
    recusadas: count('RECUSADO'),
    jaRegistradas: count('JA_REGISTRADO'),
    linhas: results,
  });
}

async function importRow(
  db: Db,
  caller: Caller,
  row: FileRow,
  contracts: Awaited<ReturnType<typeof contractsByNumberOrCpf>>,
  seen: Map<string, number>,
  today: string,
  arquivoId: number,
): Promise<RowResult> {
  const base = { linha: row.linha, contrato: row.contrato, cpf: row.cpf, dataPagamento: row.data, valor: row.valor };
  const refused = (mensagem: Text, contratoId: number | null = null): RowResult => ({
    ...base,
    contratoId,
    resultado: 'RECUSADO',
    mensagem,
    pagamento: null,
  });
  const cpf = row.cpf ? normalizeCpf(row.cpf) : null;
  if (row.cpf && !cpf && !row.contrato) return refused(t(`CPF ${row.cpf} inválido.`, `CPF ${row.cpf} is not valid.`));
  const found = row.contrato ? contracts.byNumber(row.contrato) : cpf ? contracts.byCpf(cpf) : [];
  if (!row.contrato && !cpf) return refused(t('Informe o contrato ou o CPF.', 'Give the contract or the CPF.'));
  if (found.length === 0)
    return refused(
      row.contrato
        ? t(`Contrato ${row.contrato} não encontrado.`, `Contract ${row.contrato} not found.`)
        : t(`Nenhum contrato em restituição com o CPF ${row.cpf}.`, `No contract in restitution with CPF ${row.cpf}.`),
    );
  if (found.length > 1)
    return refused(
      t(
        `O CPF ${row.cpf} tem ${found.length} contratos; informe o número do contrato.`,
        `CPF ${row.cpf} has ${found.length} contracts; give the contract number.`,
      ),
    );
  const contratoId = found[0]!;
  const data = dateOf(row.data);
  if (!data)
    return refused(
      t('data do pagamento: use dd/mm/aaaa, por exemplo 05/11/2026.', 'payment date: use dd/mm/yyyy.'),
      contratoId,
    );
  const valor = amountOf(row.valor);
  if (!valor)
    return refused(
      t('valor: use um valor maior que 0, como 1.234,56.', 'amount: use an amount above 0, as 1234.56.'),
      contratoId,
    );
  const triple = `${contratoId}|${data}|${valor}`;
  const n = (seen.get(triple) ?? 0) + 1;
  seen.set(triple, n);
  const chave = `${triple}|${n}`;
  try {
    const pagamento = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('pagamento_chave')
        .values({ chave, arquivo_id: arquivoId, linha: row.linha })
        .onConflict((oc) => oc.column('chave').doNothing())
        .returning('chave')
        .executeTakeFirst();
      if (!claimed) return null;
      const [out] = await recordPaymentsIn(
        trx,
        caller,
        [{ contratoId, dataPagamento: data, valorPago: Number(valor) }],
        () => '',
        today,
      );
      return out;
    });
    if (!pagamento) {
      const first = await db
        .selectFrom('pagamento_chave')
        .select(['arquivo_id', 'linha'])
        .where('chave', '=', chave)
        .executeTakeFirst();
      return {
        ...base,
        contratoId,
        resultado: 'JA_REGISTRADO',
        mensagem: t(
          `Já registrado pelo arquivo ${first?.arquivo_id}, linha ${first?.linha}; nada foi registrado de novo.`,
          `Already recorded by file ${first?.arquivo_id}, row ${first?.linha}; nothing was recorded again.`,
        ),
        pagamento: null,
      };
    }
    return { ...base, contratoId, resultado: 'REGISTRADO', mensagem: null, pagamento };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return refused(reasonOf(error), contratoId);
    throw error;
  }
}
