import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { type Text, t } from '../../http/i18n.js';
import { today as businessToday, now as clockNow } from '../../lib/business-date.js';
import { moneyJson } from '../../lib/money.js';
import { toPage } from '../dashboard/mappers.js';
import { sign } from './operator.service.js';

/**
 * Addenda waiting for the student's signature, every IE's, oldest first, with how many days each
 * has waited (São Paulo days since it was generated); and signing several at once, each on its own
 * (one refusal never blocks the others), with the result per student.
 */
export async function pendingSignatures(
  db: Db,
  q: { ieId?: number; pagina?: number; tamanho?: number },
  now: Date = clockNow(),
) {
  const pagina = q.pagina ?? 1;
  const tamanho = q.tamanho ?? 50;
  const today = businessToday(now);
  let base = db
    .selectFrom('aditivo as a')
    .innerJoin('entrada_jornada as e', 'e.id', 'a.entrada_id')
    .where('a.status', '=', 'GERADO')
    .where('e.situacao', '=', 'AGUARDANDO_ASSINATURA');
  if (q.ieId !== undefined) base = base.where('a.ie_id', '=', q.ieId);
  const [rows, total, byIe] = await Promise.all([
    base
      .innerJoin('estudante as s', 's.id', 'e.estudante_id')
      .innerJoin('contrato as k', 'k.id', 'a.contrato_id')
      .innerJoin('ie', 'ie.id', 'a.ie_id')
      .select([
        'e.id as brb_id',
        's.nome',
        'e.cpf',
        'a.ie_id',
        'ie.sigla',
        'k.numero',
        'a.ano',
        'a.semestre',
        'a.id as aditivo_id',
        'a.valor',
        'a.gerado_em',
        // greatest: the mock's clock stands on its demo day while the database stamps real time.
        sql<number>`greatest(0, ${today}::date - (a.gerado_em at time zone 'America/Sao_Paulo')::date)`.as('dias'),
      ])
      .orderBy('a.gerado_em')
      .orderBy('a.id')
      .limit(tamanho)
      .offset((pagina - 1) * tamanho)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    db
      .selectFrom('aditivo as a')
      .innerJoin('entrada_jornada as e', 'e.id', 'a.entrada_id')
      .innerJoin('ie', 'ie.id', 'a.ie_id')
      .where('a.status', '=', 'GERADO')
      .where('e.situacao', '=', 'AGUARDANDO_ASSINATURA')
      .select([
        'a.ie_id',
        'ie.sigla',
        'ie.nome',
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`greatest(0, max(${today}::date - (a.gerado_em at time zone 'America/Sao_Paulo')::date))`.as(
          'mais_antigo',
        ),
      ])
      .groupBy(['a.ie_id', 'ie.sigla', 'ie.nome'])
      .orderBy('a.ie_id')
      .execute(),
  ]);
  return {
    porIe: byIe.map((i) => ({
      ieId: i.ie_id,
      sigla: i.sigla,
      nome: i.nome,
      total: Number(i.total),
      diasMaisAntigo: Number(i.mais_antigo),
    })),
    ...toPage(
      rows.map((r) => ({
        brbId: r.brb_id,
        nomeEstudante: r.nome,
        cpf: r.cpf,
        ieId: r.ie_id,
        ieSigla: r.sigla,
        numeroContrato: r.numero,
        ano: r.ano,
        semestre: r.semestre,
        aditivoId: r.aditivo_id,
        valor: moneyJson(r.valor),
        geradoEm: r.gerado_em.toISOString(),
        diasAguardando: Number(r.dias),
      })),
      pagina,
      tamanho,
      Number(total?.n ?? 0),
    ),
  };
}

export async function signMany(db: Db, caller: Caller, brbIds: number[], assinadoEm: Date) {
  const resultados: { brbId: number; resultado: 'ASSINADO' | 'RECUSADO'; mensagem: Text | null }[] = [];
  for (const brbId of brbIds) {
    try {
      await sign(db, caller, brbId, assinadoEm);
      resultados.push({ brbId, resultado: 'ASSINADO', mensagem: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      resultados.push({
        brbId,
        resultado: 'RECUSADO',
        mensagem:
          error.status === 404 ? t(`Entrada ${brbId} não encontrada.`, `Entry ${brbId} not found.`) : error.text,
      });
    }
  }
  return {
    assinados: resultados.filter((r) => r.resultado === 'ASSINADO').length,
    recusados: resultados.filter((r) => r.resultado === 'RECUSADO').length,
    resultados,
  };
}
