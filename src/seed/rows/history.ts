import { TableBuffer } from '../bulk.js';
import { closedJourney, DAY, periodAt } from '../calendar.js';
import type { SeedContext } from '../context.js';
import type { ContractPlan, EntryPlan, Step } from '../plan.js';
import { hash, Rng, tag } from '../random.js';
import { ACAO, ACTOR_NAMES } from '../situations.js';
import type { ContractRows } from './rows.js';

const HISTORY = tag('history');

const REQUEST_OF: Record<string, string> = {
  [ACAO.envioValores]: 'ENVIO_VALORES',
  [ACAO.trancamento]: 'TRANCAMENTO',
  [ACAO.manterTrancamento]: 'TRANCAMENTO',
  [ACAO.afastamento]: 'AFASTAMENTO_EVASAO',
  [ACAO.evasao]: 'AFASTAMENTO_EVASAO',
  [ACAO.manutencaoVinculo]: 'MANUTENCAO_VINCULO',
  [ACAO.revisaoAnalise]: 'REVISAO_ANALISE',
};
const TASK_OF: Record<string, readonly [tipo: string, descricao: string]> = {
  TRANCAMENTO: ['TRANCAMENTO', 'Conferir o comprovante de trancamento de matrícula enviado pela IE'],
  AFASTAMENTO_EVASAO: ['AFASTAMENTO', 'Conferir a documentação de afastamento ou evasão enviada pela IE'],
};

/**
 * Service tickets the IE opened on requests still waiting, by the request's waiting reason: the
 * ticket type whose 'tipo-ticket' motivoEspera it is (migrations/0401_workspace.ts), so the
 * request and its ticket agree. One request in TICKET_EVERY of those gets one.
 */
const TICKET_OF: Record<string, readonly [tipo: string, assunto: string]> = {
  AGUARDANDO_DOCUMENTO_IE: ['DOCUMENTACAO', 'Envio do comprovante pedido pela fundação'],
  EM_ANALISE_FUNDACAO: ['CORRECAO_VALORES', 'Dúvida sobre a análise dos valores enviados'],
};
const TICKET_EVERY = 3;

/**
 * The history behind each entry's situation: a timeline event per transition, the requests
 * (solicitações) those actions opened, the foundation's tasks on lock and withdrawal requests,
 * tickets on some waiting requests, and the semester addendum of accepted values.
 */
export function historyRows(ctx: SeedContext): ContractRows {
  const events = new TableBuffer('evento_timeline', [
    ['id', 'int8'],
    ['processo_id', 'int8'],
    ['entrada_id', 'int8'],
    ['ie_id', 'int8'],
    ['acao', 'text', { repeated: true }],
    ['situacao_anterior', 'text', { repeated: true }],
    ['motivo_anterior', 'text', { repeated: true }],
    ['situacao_nova', 'text', { repeated: true }],
    ['motivo_novo', 'text', { repeated: true }],
    ['usuario', 'text', { repeated: true }],
    ['usuario_nome', 'text', { repeated: true }],
    ['detalhes', 'jsonb', { repeated: true }],
    ['created_at', 'ts'],
  ]);
  const requests = new TableBuffer('solicitacao', [
    ['id', 'int8'],
    ['processo_id', 'int8'],
    ['entrada_id', 'int8'],
    ['ie_id', 'int8'],
    ['tipo', 'text', { repeated: true }],
    ['status', 'text', { repeated: true }],
    ['motivo_espera', 'text', { repeated: true }],
    ['dados', 'jsonb'],
    ['criada_por', 'text', { repeated: true }],
    ['created_at', 'ts'],
    ['concluida_em', 'ts'],
  ]);
  const tasks = new TableBuffer('tarefa', [
    ['id', 'int8'],
    ['solicitacao_id', 'int8'],
    ['processo_id', 'int8'],
    ['ie_id', 'int8'],
    ['tipo', 'text', { repeated: true }],
    ['status', 'text', { repeated: true }],
    ['descricao', 'text', { repeated: true }],
    ['created_at', 'ts'],
    ['concluida_em', 'ts'],
  ]);
  const addenda = new TableBuffer('aditivo', [
    ['id', 'int8'],
    ['contrato_id', 'int8'],
    ['entrada_id', 'int8'],
    ['ie_id', 'int8'],
    ['ano', 'int4'],
    ['semestre', 'int4'],
    ['status', 'text', { repeated: true }],
    ['valor', 'numeric'],
    ['gerado_em', 'ts'],
    ['assinado_em', 'ts'],
  ]);
  const tickets = new TableBuffer('ticket', [
    ['id', 'int8'],
    ['solicitacao_id', 'int8'],
    ['ie_id', 'int8'],
    ['tipo', 'text', { repeated: true }],
    ['assunto', 'text', { repeated: true }],
    ['status', 'text', { repeated: true }],
    ['created_at', 'ts'],
    ['updated_at', 'ts'],
  ]);
  const closedEnds = new Map<number, number>();
  const closedUntil = (periodIdx: number) => {
    let end = closedEnds.get(periodIdx);
    if (end === undefined) {
      end = closedJourney(periodIdx).eventsTo;
      closedEnds.set(periodIdx, end);
    }
    return end;
  };
  // Ids follow the contracts in order, so they are the same whatever the chunk size.
  let eventId = 0;
  let requestId = 0;
  let taskId = 0;
  let ticketId = 0;

  const addEntry = (p: ContractPlan, e: EntryPlan) => {
    const ie = p.ie.id;
    const rng = new Rng(hash(ctx.seed, HISTORY, e.id));
    const until = e.periodIdx === ctx.calendar.currentIdx ? ctx.calendar.current.eventsTo : closedUntil(e.periodIdx);
    const steps = e.steps;
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i]!;
      events.add(
        ++eventId,
        e.id,
        e.id,
        ie,
        s.acao,
        s.from?.[0] ?? null,
        s.from?.[1] ?? null,
        s.to[0],
        s.to[1],
        'seed',
        ACTOR_NAMES[s.actor],
        s.detalhes,
        s.at,
      );
      const tipo = REQUEST_OF[s.acao];
      if (!tipo) continue;
      const last = i === steps.length - 1;
      let status = 'CONCLUIDA';
      let waiting: string | null = null;
      let doneAt: number | null = s.at;
      if (tipo === 'ENVIO_VALORES') {
        let outcome: Step | undefined;
        for (let j = i + 1; j < steps.length && !outcome; j++) {
          const x = steps[j]!;
          if (x.from?.[0] === 'EM_PROCESSAMENTO' || x.to[0] === 'CANCELADO') outcome = x;
        }
        if (!outcome || outcome.acao === ACAO.revisaoAnalise) {
          status = 'EM_ANDAMENTO';
          waiting = 'EM_ANALISE_FUNDACAO';
          doneAt = null;
        } else {
          status =
            outcome.acao === ACAO.processamentoRecusado
              ? 'RECUSADA'
              : outcome.acao === ACAO.processamentoAceito
                ? 'CONCLUIDA'
                : 'CANCELADA';
          doneAt = outcome.at;
        }
      } else if (tipo === 'REVISAO_ANALISE' && last) {
        status = 'EM_ANDAMENTO';
        waiting = 'EM_ANALISE_FUNDACAO';
        doneAt = null;
      } else if (TASK_OF[tipo]) {
        if (last && e.waiting) {
          status = 'EM_ANDAMENTO';
          waiting = e.waiting;
          doneAt = null;
        } else doneAt = Math.min(s.at + rng.int(DAY / 4, 3 * DAY), until);
      }
      const dados = tipo === 'ENVIO_VALORES' ? `{"valor":"${e.valor}",${s.detalhes.slice(1)}` : s.detalhes;
      requests.add(++requestId, e.id, e.id, ie, tipo, status, waiting, dados, 'seed', s.at, doneAt);
      const ticket = waiting ? TICKET_OF[waiting] : undefined;
      // By the request id, not a draw: the history's own stream stays as it was.
      if (ticket && requestId % TICKET_EVERY === 0) {
        const status = requestId % (2 * TICKET_EVERY) === 0 ? 'EM_ATENDIMENTO' : 'ABERTO';
        // Opened a day after the request, but never after the seed's "now" (issue 22: tickets showed future times).
        const openedAt = Math.min(s.at + DAY, until);
        tickets.add(++ticketId, requestId, ie, ticket[0], ticket[1], status, openedAt, openedAt);
      }
      const task = TASK_OF[tipo];
      if (task) {
        const taskStatus = doneAt === null ? (rng.chance(0.6) ? 'PENDENTE' : 'EM_ANALISE') : 'CONCLUIDA';
        tasks.add(++taskId, requestId, e.id, ie, task[0], taskStatus, task[1], s.at, doneAt);
      }
    }
    const accepted = steps.find((s) => s.acao === ACAO.processamentoAceito);
    if (accepted && e.valor) {
      const signed = steps.find((s) => s.acao === ACAO.assinatura);
      const cancelled = steps.some((s) => s.acao === ACAO.cancelar);
      const period = periodAt(e.periodIdx);
      const status = signed ? 'ASSINADO' : cancelled ? 'CANCELADO' : 'GERADO';
      addenda.add(e.id, p.id, e.id, ie, period.ano, period.semestre, status, e.valor, accepted.at, signed?.at ?? null);
    }
  };

  return {
    buffers: [events, requests, tasks, tickets, addenda],
    add(p) {
      for (const e of p.entries) addEntry(p, e);
    },
  };
}
