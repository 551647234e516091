import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Text, t } from '../../http/i18n.js';
import type * as batches from './batch.repository.js';
import { describeRowErrors, type RowErrorOut, rowErrorsOut } from './row-errors.js';
import type { Resultado } from './values.tables.js';

/**
 * What a values batch answers: its counts, the lines of its failing and waiting rows, and the
 * outcome of the lock end it carried (dadosTrancamento), which is recorded here too.
 */
type Trx = Transaction<Database>;

export interface LockData {
  brbId: number;
  /** yyyy-mm-dd (the routes convert the interface's dd-mm-yyyy). */
  dataOcorrido: string;
  caminhoArquivo?: string | null;
}

export interface RowOutcome {
  linha: number;
  brbId: number | null;
  resultado: Resultado;
  erros: RowErrorOut[];
}

export interface BatchResult {
  lote: number;
  total: number;
  sucesso: number;
  erro: number;
  pendente: number;
  /** One line per failing row: row, brbId, field, rule and what to do (built from the stored rule codes). */
  linhasComErro: Text[];
  /** One line per row waiting for the foundation. */
  linhasPendentes: Text[];
  /** Every row's outcome, in row order (null when the caller did not ask for it). */
  resultados: RowOutcome[] | null;
  /** Outcome of dadosTrancamento; null when none was sent. */
  trancamento: { resultado: 'OK' | 'ERRO'; erro: Text | string } | null;
}

/**
 * dadosTrancamento: the student returns from an enrolment lock with these values. It applies when
 * the brbId is a successful row of this batch that was SEM_RENOVACAO/TRANCAMENTO; the return is
 * recorded on that row (its timeline event shows it); the run of consecutive locks ends at signature.
 */
export async function recordLockEnd(trx: Trx, loteId: number, lock: LockData): Promise<BatchResult['trancamento']> {
  const row = await trx
    .selectFrom('lote_linha')
    .innerJoin('entrada_jornada as e', 'e.id', 'lote_linha.entrada_id')
    .select([
      'lote_linha.linha',
      'lote_linha.resultado',
      'lote_linha.situacao_anterior',
      'lote_linha.motivo_anterior',
      'e.contrato_id',
    ])
    .where('lote_linha.lote_id', '=', loteId)
    .where('lote_linha.brb_id', '=', lock.brbId)
    .orderBy('lote_linha.linha')
    .executeTakeFirst();
  if (!row) {
    return {
      resultado: 'ERRO',
      erro: t(
        `O brbId ${lock.brbId} não está entre os valores desta requisição.`,
        `brbId ${lock.brbId} is not one of the valores of this request.`,
      ),
    };
  }
  if (row.resultado !== 'SUCESSO') {
    return {
      resultado: 'ERRO',
      erro: t(
        `Os valores do brbId ${lock.brbId} não foram aceitos; o trancamento continua.`,
        `The values of brbId ${lock.brbId} were not accepted, so its lock stays.`,
      ),
    };
  }
  if (row.situacao_anterior !== 'SEM_RENOVACAO' || row.motivo_anterior !== 'TRANCAMENTO') {
    return {
      resultado: 'ERRO',
      erro: t(
        `O brbId ${lock.brbId} não estava com a matrícula trancada (SEM_RENOVACAO/TRANCAMENTO).`,
        `brbId ${lock.brbId} was not under an enrolment lock (SEM_RENOVACAO/TRANCAMENTO).`,
      ),
    };
  }
  const fim = { dataOcorrido: lock.dataOcorrido, caminhoArquivo: lock.caminhoArquivo ?? null };
  await trx
    .updateTable('lote_linha')
    .set({ fim_trancamento: JSON.stringify(fim) })
    .where('lote_id', '=', loteId)
    .where('linha', '=', row.linha)
    .execute();
  // The run of locked semesters is not ended here: it ends when this semester's credit is signed
  // (operator signature), not when values are merely sent (DOMAIN.md, "Locks").
  return { resultado: 'OK', erro: '' };
}

/** The answer's lines, built a page of outcome rows at a time (the rows are dropped after each page). */
export class OutcomeLines {
  private readonly linhasComErro: Text[] = [];
  private readonly linhasPendentes: Text[] = [];
  private readonly resultados: RowOutcome[] | null;
  constructor(detalhar: boolean) {
    this.resultados = detalhar ? [] : null;
  }

  add(rows: batches.OutcomeRow[]): void {
    for (const row of rows) {
      if (row.resultado === 'ERRO') this.linhasComErro.push(describeRowErrors(row.linha, row.brb_id, row.erros));
      else if (row.resultado === 'PENDENTE')
        this.linhasPendentes.push(describePending(row.linha, row.brb_id, row.situacao_anterior));
      this.resultados?.push({
        linha: row.linha,
        brbId: row.brb_id,
        resultado: row.resultado,
        erros: rowErrorsOut(row.erros),
      });
    }
  }

  result(
    loteId: number,
    counts: { total: number; sucesso: number; erro: number; pendente: number },
    trancamento: BatchResult['trancamento'],
  ): BatchResult {
    const { linhasComErro, linhasPendentes, resultados } = this;
    return { lote: loteId, ...counts, linhasComErro, linhasPendentes, resultados, trancamento };
  }
}

function describePending(linha: number, brbId: number | null, situacao: string | null): Text {
  return t(
    `Linha ${linha} (brbId ${brbId}): a entrada está em ${situacao} na fundação; os valores aguardam a decisão dela`,
    `Row ${linha} (brbId ${brbId}): the entry is ${situacao} at the foundation; the values wait for its decision`,
  );
}
