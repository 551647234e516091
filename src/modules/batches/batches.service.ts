import type { Db } from '../../db/database.js';
import type { Row } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { answered, t } from '../../http/i18n.js';
import { moneyJsonOrNull } from '../../lib/money.js';
import { toPage } from '../dashboard/mappers.js';
import { rowErrorsOut } from '../values/row-errors.js';
import * as repo from './batches.repository.js';
import type { BatchOut } from './batches.schemas.js';

export function toBatch(r: Row<'lote'>): BatchOut {
  return {
    loteId: r.id,
    status: r.status,
    fonte: r.fonte,
    origem: r.origem,
    reenvio: r.reenvio,
    enviadoPor: { sub: r.criado_por, nome: r.criado_por_nome },
    enviadoEm: r.created_at.toISOString(),
    processadoEm: r.processado_em?.toISOString() ?? null,
    arquivo: r.arquivo_nome ? { nome: r.arquivo_nome, formato: r.arquivo_formato ?? '' } : null,
    ies: r.ie_ids.map(Number),
    contagens: {
      total: r.total,
      sucesso: r.sucesso,
      erro: r.erro,
      pendente: r.pendente,
      aceitas: r.aceitas,
      recusadas: r.recusadas,
    },
  };
}

export function toBatchRow(r: Row<'lote_linha'>) {
  return {
    linha: r.linha,
    brbId: r.brb_id,
    nomeEstudante: r.nome_estudante,
    resultado: r.resultado,
    processamento: r.processamento,
    // Built from the stored rule codes in both languages; the response hook picks one.
    erros: answered(rowErrorsOut(r.erros)),
    motivoRecusa: r.motivo_recusa,
    valorContrato: moneyJsonOrNull(r.valor_contrato),
    processadoEm: r.processado_em?.toISOString() ?? null,
  };
}

const paging = (q: { pagina?: number; tamanho?: number }) => {
  const pagina = q.pagina ?? 1;
  const tamanho = q.tamanho ?? 20;
  return { pagina, tamanho, offset: (pagina - 1) * tamanho };
};

export async function listBatches(db: Db, caller: Caller, q: repo.BatchFilter & { pagina?: number; tamanho?: number }) {
  const { pagina, tamanho, offset } = paging(q);
  const [rows, total] = await Promise.all([
    repo.batchesQuery(db, caller, q, tamanho, offset).execute(),
    repo.countBatches(db, caller, q),
  ]);
  return toPage(rows.map(toBatch), pagina, tamanho, total);
}

/** The batch, if the caller's; another IE's batch is 404 like one that does not exist. */
export async function batchOf(db: Db, caller: Caller, loteId: number) {
  const batch = await repo.findBatch(db, caller, loteId);
  if (!batch) throw notFound(t(`Lote ${loteId} não encontrado.`, `Batch ${loteId} not found.`));
  return batch;
}

export async function batchDetail(
  db: Db,
  caller: Caller,
  loteId: number,
  q: repo.RowFilter & { pagina?: number; tamanho?: number },
) {
  const batch = await batchOf(db, caller, loteId);
  const { pagina, tamanho, offset } = paging(q);
  const [rows, total] = await Promise.all([
    repo.rowsQuery(db, loteId, q, tamanho, offset).execute(),
    repo.countRows(db, loteId, q),
  ]);
  return { lote: toBatch(batch), linhas: toPage(rows.map(toBatchRow), pagina, tamanho, total) };
}
