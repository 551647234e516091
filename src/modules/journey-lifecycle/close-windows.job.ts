import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { addDays } from '../../lib/business-date.js';
import { allowedFrom, TRANSITIONS } from '../lifecycle/state-machine.js';
import { type NewNotification, notify } from '../notifications/notify.js';

/** Timeline user of the scheduled job's events. */
export const SYSTEM_USER = { sub: 'sistema', name: 'Sistema' } as const;
/** JANELA_FECHANDO goes out once per journey, this many days before janela_fim. */
export const WARN_DAYS_BEFORE = 7;

export interface CloseWindowsResult {
  jornadasEncerradas: number;
  entradasNaoRenovadas: number;
  avisosFechamento: number;
}

/** SQL condition over entrada_jornada (alias e) for the state patterns an action starts from. */
function fromStates(action: 'JANELA_ENCERRADA') {
  const patterns = allowedFrom(action);
  const parts = patterns.map((p) => {
    const [situacao, motivo] = p.split('/');
    return motivo ? sql`(e.situacao = ${situacao} and e.motivo = ${motivo})` : sql`e.situacao = ${situacao}`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * The scheduled job's core. Closes every ABERTA journey whose window ended before `today`
 * ('yyyy-mm-dd'): its APTO entries become SEM_RENOVACAO/NAO_RENOVADO in one statement with one
 * timeline event each (user 'sistema'), the journey becomes ENCERRADA and each IE gets one
 * JANELA_FECHADA notification. Then it warns once per journey WARN_DAYS_BEFORE days ahead
 * (JANELA_FECHANDO). Safe to run twice or concurrently: journeys are claimed with
 * `for no key update skip locked`, so a concurrent run skips them and a later one finds them
 * closed; the warning is recorded under a primary key. (No-key, not `for update`: an action on an
 * entry may insert a counter row, whose foreign key takes a key-share lock on the journey.)
 */
export async function closeEndedWindows(db: Db, today: string): Promise<CloseWindowsResult> {
  const closed = await db.transaction().execute(async (trx) => {
    const journeys = await trx
      .selectFrom('jornada')
      .select(['id', 'ie_id', 'tipo', 'ano', 'semestre', 'janela_fim'])
      .where('status', '=', 'ABERTA')
      .where('janela_fim', '<', today)
      .orderBy('id')
      .forNoKeyUpdate()
      .skipLocked()
      .execute();
    if (journeys.length === 0) return { jornadas: 0, entradas: 0 };
    const ids = journeys.map((j) => j.id);
    const target = TRANSITIONS.JANELA_ENCERRADA.to;
    if (target === 'unchanged') throw new Error('JANELA_ENCERRADA must change the state');
    // Entries are locked first; one an action changed meanwhile is re-checked against the
    // from-states and left alone when it no longer matches.
    const moved = await sql<{ jornada_id: number; n: number }>`
      with old as (
        select e.id, e.situacao, e.motivo from entrada_jornada e
        where e.jornada_id = any(${ids}::int8[]) and ${fromStates('JANELA_ENCERRADA')}
        for update of e
      ),
      moved as (
        update entrada_jornada e
        set situacao = ${target.situacao}, motivo = ${target.motivo}, versao = e.versao + 1, updated_at = now()
        from old
        where e.id = old.id and ${fromStates('JANELA_ENCERRADA')}
        returning e.id, e.jornada_id, e.ie_id, old.situacao as situacao_anterior, old.motivo as motivo_anterior
      ),
      ev as (
        insert into evento_timeline (processo_id, entrada_id, ie_id, acao, situacao_anterior, motivo_anterior,
          situacao_nova, motivo_novo, usuario, usuario_nome, detalhes)
        select p.id, m.id, m.ie_id, 'JANELA_ENCERRADA', m.situacao_anterior, m.motivo_anterior,
          ${target.situacao}::text, ${target.motivo}::text, ${SYSTEM_USER.sub}::text, ${SYSTEM_USER.name}::text,
          jsonb_build_object('jornadaId', m.jornada_id, 'hoje', ${today}::text)
        from moved m join processo p on p.entrada_id = m.id
        order by m.id
        returning 1
      )
      select jornada_id, count(*)::int8 as n from moved group by jornada_id`.execute(trx);
    await trx
      .updateTable('jornada')
      .set({ status: 'ENCERRADA', encerrada_em: new Date() })
      .where('id', 'in', ids)
      .execute();

    const movedBy = new Map(moved.rows.map((r) => [r.jornada_id, r.n]));
    const byIe = new Map<number, typeof journeys>();
    for (const j of journeys) byIe.set(j.ie_id, [...(byIe.get(j.ie_id) ?? []), j]);
    const notifications: NewNotification[] = [...byIe].map(([ieId, list]) => {
      const total = list.reduce((n, j) => n + (movedBy.get(j.id) ?? 0), 0);
      const names = list.map((j) => `${j.tipo} ${j.ano}/${j.semestre}`).join(', ');
      return {
        ieId,
        tipo: 'JANELA_FECHADA',
        titulo: 'Janela de renovação encerrada',
        mensagem:
          `A janela de renovação de ${names} terminou. ${total} estudante(s) sem ação ficaram como ` +
          '"Sem Renovação — não renovado".',
        dados: { jornadas: list.map((j) => j.id), naoRenovados: total },
      };
    });
    await notify(trx, notifications);
    return { jornadas: journeys.length, entradas: moved.rows.reduce((n, r) => n + r.n, 0) };
  });

  const warned = await db.transaction().execute(async (trx) => {
    // The primary key of jornada_aviso makes the warning once-only, also under concurrent runs.
    const fresh = await trx
      .insertInto('jornada_aviso')
      .columns(['jornada_id', 'tipo'])
      .expression((eb) =>
        eb
          .selectFrom('jornada')
          .select(['jornada.id', sql<string>`'JANELA_FECHANDO'`.as('tipo')])
          .where('status', '=', 'ABERTA')
          .where('janela_fim', '>=', today)
          .where('janela_fim', '<=', addDays(today, WARN_DAYS_BEFORE)),
      )
      .onConflict((oc) => oc.columns(['jornada_id', 'tipo']).doNothing())
      .returning('jornada_id')
      .execute();
    if (fresh.length === 0) return 0;
    const journeys = await trx
      .selectFrom('jornada')
      .select(['id', 'ie_id', 'tipo', 'ano', 'semestre', 'janela_fim'])
      .where(
        'id',
        'in',
        fresh.map((f) => f.jornada_id),
      )
      .orderBy('id')
      .execute();
    await notify(
      trx,
      journeys.map((j) => ({
        ieId: j.ie_id,
        tipo: 'JANELA_FECHANDO',
        titulo: 'Janela de renovação fechando',
        mensagem:
          `A janela de renovação de ${j.tipo} ${j.ano}/${j.semestre} termina em ${j.janela_fim}. ` +
          'Estudantes ainda aptos sem ação ficarão como "Sem Renovação — não renovado".',
        dados: { jornadaId: j.id, janelaFim: j.janela_fim },
      })),
    );
    return journeys.length;
  });

  return { jornadasEncerradas: closed.jornadas, entradasNaoRenovadas: closed.entradas, avisosFechamento: warned };
}
