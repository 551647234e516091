import type { NotificationKind } from '../../modules/notifications/notify.js';
import { insertNow, TableBuffer } from '../bulk.js';
import { DAY } from '../calendar.js';
import type { SeedStage } from '../context.js';
import { journeyIdOf } from '../plan-parts.js';
import { hash, Rng, tag } from '../random.js';

// The demo has no webhooks, so no WEBHOOK_DESATIVADO notification.
const MESSAGES: Record<Exclude<NotificationKind, 'WEBHOOK_DESATIVADO'>, readonly [titulo: string, mensagem: string]> = {
  LOTE_PROCESSADO: [
    'Lote de valores processado',
    'O lote de valores enviado foi processado. Confira o resultado de cada linha.',
  ],
  LINHAS_REJEITADAS: [
    'Linhas rejeitadas no lote',
    'Algumas linhas do lote de valores foram rejeitadas. Corrija e reenvie.',
  ],
  ADITIVO_AGUARDANDO_ASSINATURA: [
    'Aditivos aguardando assinatura',
    'Há aditivos gerados aguardando a assinatura dos estudantes.',
  ],
  RENOVACAO_FINALIZADA: ['Renovações finalizadas', 'Novas renovações foram finalizadas nesta jornada.'],
  JANELA_FECHANDO: ['A janela de renovação está fechando', 'Faltam poucos dias para o fim da janela de renovação.'],
  JANELA_FECHADA: ['Janela de renovação encerrada', 'A janela do semestre anterior foi encerrada.'],
  ACAO_RECUSADA: ['Ação recusada', 'Uma solicitação foi recusada pela fundação. Veja os motivos no histórico.'],
};
const KINDS = Object.keys(MESSAGES) as (keyof typeof MESSAGES)[];

/** A few notifications per IE about its journeys; IE 1 also gets some addressed to the demo user. */
export const notificationsStage: SeedStage = {
  name: 'notificações',
  async run(ctx, progress) {
    const rows = new TableBuffer('notificacao', [
      ['id', 'int8'],
      ['ie_id', 'int8'],
      ['usuario', 'text'],
      ['tipo', 'text'],
      ['titulo', 'text'],
      ['mensagem', 'text'],
      ['dados', 'jsonb'],
      ['created_at', 'ts'],
    ]);
    const { current, previous } = ctx.calendar;
    let id = 0;
    for (const ie of ctx.layout.ies) {
      const rng = new Rng(hash(ctx.seed, tag('notifications'), ie.id));
      const count = rng.int(3, 6) + (ie.id === 1 ? 3 : 0);
      for (let n = 0; n < count; n++) {
        const tipo: NotificationKind = n === 0 ? 'JANELA_FECHADA' : rng.pick(KINDS);
        const [titulo, mensagem] = MESSAGES[tipo];
        const at =
          tipo === 'JANELA_FECHADA'
            ? previous.closedAt + 60
            : current.eventsFrom + rng.int(0, current.eventsTo - current.eventsFrom - 1);
        const usuario = ie.id === 1 && n >= count - 3 ? 'demo-ie-1' : null;
        const dados = JSON.stringify({
          jornadaId: tipo === 'JANELA_FECHADA' ? journeyIdOf(ie, 1) : journeyIdOf(ie, 0),
        });
        rows.add(++id, ie.id, usuario, tipo, titulo, mensagem, dados, Math.min(at, current.eventsTo - DAY / 24));
      }
    }
    await insertNow(ctx.trx, rows);
    progress(ctx.ies, ctx.ies);
  },
};
