import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { now as clockNow } from '../../lib/business-date.js';
import { moneyJson } from '../../lib/money.js';
import { allowedFrom, TRANSITIONS } from '../lifecycle/state-machine.js';
import { applyTransition } from '../lifecycle/transition.js';
import { type NewNotification, notify } from '../notifications/notify.js';
import * as repo from './operator.repository.js';

/**
 * The foundation's side of values: accept or reject a batch's rows, record the student's
 * signature. Operators see every IE (their token has no IE list).
 */

export interface Decision {
  loteId: number;
  linhas?: number[];
  motivo?: string;
}

const DECISIONS = {
  ACEITO: { acao: 'PROCESSAMENTO_ACEITO', notification: 'ADITIVO_AGUARDANDO_ASSINATURA' },
  RECUSADO: { acao: 'PROCESSAMENTO_RECUSADO', notification: 'LINHAS_REJEITADAS' },
} as const;

/**
 * Accepts (addendum GERADO, entry AGUARDANDO_ASSINATURA, request CONCLUIDA) or rejects (entry back
 * to APTO, request RECUSADA, the reason on the timeline) the rows still waiting, all of them or the
 * listed ones, in one transaction. Rows whose entry left EM_PROCESSAMENTO/REVISAO_ANALISE in the
 * meantime are DESCARTADO and reported. The IE is notified; when nothing waits any more the batch
 * is PROCESSADO and LOTE_PROCESSADO goes out with its counts.
 */
export async function decide(db: Db, caller: Caller, decisao: 'ACEITO' | 'RECUSADO', d: Decision) {
  const { acao, notification } = DECISIONS[decisao];
  const to = TRANSITIONS[acao].to;
  if (to === 'unchanged') throw new Error(`${acao} must change the situation`);
  return db.transaction().execute(async (trx) => {
    const batch = await repo.findBatch(trx, d.loteId);
    if (!batch) throw notFound(t(`Lote ${d.loteId} não encontrado.`, `Batch (lote) ${d.loteId} not found.`));
    if (d.linhas) {
      const bad = await repo.rowsNotWaiting(trx, d.loteId, d.linhas);
      if (bad.length > 0) {
        throw conflict(
          t(
            `As linhas ${bad.map((r) => `${r.linha} (${r.estado ?? 'fora do lote'})`).join(', ')} do lote ${d.loteId} não estão aguardando decisão; nada foi alterado.`,
            `Rows ${bad.map((r) => `${r.linha} (${r.estado ?? 'not in the batch'})`).join(', ')} of batch ${d.loteId} are not waiting for a decision; nothing was changed.`,
          ),
          { linhas: bad.map((r) => r.linha) },
        );
      }
    }
    await repo.decideRows(trx, {
      loteId: d.loteId,
      linhas: d.linhas ?? null,
      decisao,
      allowedFrom: allowedFrom(acao),
      by: caller.sub,
      motivo: d.motivo ?? null,
    });
    if (decisao === 'ACEITO') await repo.generateAddenda(trx, d.loteId);
    await repo.applyDecision(trx, { loteId: d.loteId, decisao, to: to.situacao, acao, by: caller });

    const byIe = await repo.decidedByIe(trx, d.loteId, decisao);
    const notes: NewNotification[] = byIe.map((g) =>
      decisao === 'ACEITO'
        ? {
            ieId: g.ie_id,
            tipo: notification,
            titulo: 'Aditivos aguardando assinatura',
            mensagem: `${g.total} aditivo(s) do lote ${d.loteId} foram gerados e aguardam a assinatura dos estudantes.`,
            dados: { lote: d.loteId, total: g.total, brbIds: g.brb_ids },
          }
        : {
            ieId: g.ie_id,
            tipo: notification,
            titulo: 'Valores recusados pela fundação',
            mensagem: `${g.total} linha(s) do lote ${d.loteId} foram recusadas: ${d.motivo}. Corrija e envie os valores novamente.`,
            dados: { lote: d.loteId, total: g.total, linhas: g.linhas, brbIds: g.brb_ids, motivo: d.motivo },
          },
    );
    const closed = await repo.closeBatch(trx, d.loteId);
    if (closed.fechou) {
      for (const c of await repo.batchCountsByIe(trx, d.loteId)) {
        notes.push({
          ieId: c.ie_id,
          tipo: 'LOTE_PROCESSADO',
          titulo: `Lote ${d.loteId} processado`,
          mensagem: `Lote ${d.loteId}: ${c.aceitas} aceita(s), ${c.recusadas} recusada(s), ${c.erro} com erro no envio.`,
          dados: {
            lote: d.loteId,
            sucesso: c.sucesso,
            erro: c.erro,
            pendente: c.pendente,
            aceitas: c.aceitas,
            recusadas: c.recusadas,
          },
        });
      }
    }
    await notify(trx, notes);
    const descartadas = await repo.discardedNow(trx, d.loteId);
    return {
      lote: d.loteId,
      decisao,
      linhasDecididas: byIe.reduce((n, g) => n + g.total, 0),
      descartadas: descartadas.map((r) => ({ linha: r.linha, brbId: r.brb_id, motivo: r.motivo_recusa ?? '' })),
      aguardando: closed.aguardando,
      aceitas: closed.aceitas,
      recusadas: closed.recusadas,
      statusLote: closed.status as 'EM_PROCESSAMENTO' | 'PROCESSADO',
    };
  });
}

/** Clocks differ by a few seconds between systems; a signature "now" from another one is not future. */
const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

/** A signature is not dated in the future (the service clock, DOMAIN.md "Time"). */
function checkSignatureDate(assinadoEm: Date) {
  if (assinadoEm.getTime() <= clockNow().getTime() + SIGNATURE_TOLERANCE_MS) return;
  const when = assinadoEm.toISOString();
  const pt = `(${when}) não pode ser futura`;
  const en = `(${when}) cannot be in the future`;
  throw new AppError(
    422,
    'rule-violated',
    t(`A assinatura não foi registrada: assinadoEm ${pt}.`, `The signature was not recorded: assinadoEm ${en}.`),
    { errors: [{ pointer: '/body/assinadoEm', message: t(pt, en) }] },
  );
}

/**
 * The student signed the semester addendum: AGUARDANDO_ASSINATURA → FINALIZADO (state machine),
 * the addendum ASSINADO, and the IE told the renewal is finished.
 */
export async function sign(db: Db, caller: Caller, brbId: number, assinadoEm: Date) {
  return db.transaction().execute(async (trx) => {
    const aditivo = await trx
      .selectFrom('aditivo')
      .select(['id'])
      .where('entrada_id', '=', brbId)
      .where('status', '=', 'GERADO')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const result = await applyTransition(trx, {
      caller,
      brbId,
      action: 'ASSINATURA',
      detalhes: { aditivoId: aditivo?.id ?? null, assinadoEm: assinadoEm.toISOString() },
    });
    checkSignatureDate(assinadoEm);
    if (!aditivo)
      throw conflict(
        t(
          `A entrada ${brbId} não tem aditivo aguardando assinatura.`,
          `Entry ${brbId} has no addendum waiting for signature.`,
        ),
      );
    const signed = await trx
      .updateTable('aditivo')
      .set({ status: 'ASSINADO', assinado_em: assinadoEm })
      .where('id', '=', aditivo.id)
      .returning(['id', 'status', 'valor', 'gerado_em', 'assinado_em', 'ano', 'semestre'])
      .executeTakeFirstOrThrow();
    // A semester with credit ends the contract's run of consecutive locked semesters (DOMAIN.md, "Locks").
    await trx
      .updateTable('contrato')
      .set({ trancamentos_consecutivos: 0 })
      .where('id', '=', result.contratoId)
      .execute();
    await notify(trx, [
      {
        ieId: result.ieId,
        tipo: 'RENOVACAO_FINALIZADA',
        titulo: 'Renovação finalizada',
        mensagem: `O estudante assinou o aditivo de ${signed.ano}/${signed.semestre}; a renovação do brbId ${brbId} está finalizada.`,
        dados: { brbId, aditivoId: signed.id, ano: signed.ano, semestre: signed.semestre },
      },
    ]);
    return {
      brbId,
      situacao: result.after.situacao,
      aditivo: {
        id: signed.id,
        status: signed.status,
        valor: moneyJson(signed.valor),
        geradoEm: signed.gerado_em.toISOString(),
        assinadoEm: signed.assinado_em!.toISOString(),
      },
    };
  });
}
