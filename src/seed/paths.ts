import type { Rng } from './random.js';
import {
  ACAO,
  type Actor,
  AFASTAMENTO,
  AGUARDANDO_ASSINATURA,
  APTO,
  CANCELADO,
  EM_PROCESSAMENTO,
  EVASAO,
  EXCLUIDO,
  FINALIZADO,
  INATIVO,
  MANUTENCAO_VINCULO,
  NAO_RENOVADO,
  REVISAO_ANALISE,
  type State,
  TRANCAMENTO,
} from './situations.js';

/**
 * The transitions (DOMAIN.md) that take an entry from where its journey opened it to the state
 * the demo wants, oldest first. Times are given later, except those fixed by the calendar.
 */
export interface StepDraft {
  acao: string;
  from: State | null;
  to: State;
  actor: Actor;
  detalhes: string;
  at?: number;
}

const REJECTIONS = [
  'Valor da mensalidade diverge do contrato de prestação de serviços',
  'Percentual concedido acima do limite do convênio',
  'Quantidade de parcelas incompatível com o semestre',
];
const DROPOUT_REASONS = [
  'Mudança de cidade por motivo de trabalho',
  'Transferência para outra instituição',
  'Desistência do curso',
  'Abandono sem comunicação à IE',
];
const WITHDRAWAL_CODES = ['1', '2', '3', '4', '5', '6', '7'];
const BOND_REASONS = ['ESTAGIO', 'TCC', 'DEPENDENCIA', 'SEM_NECESSIDADE'];
const CANCEL_REASONS = ['Solicitação do estudante', 'Quitação antecipada do curso', 'Transferência de curso'];
const DELETE_REASONS = ['Contrato registrado em duplicidade', 'Bolsa informada por engano pela IE'];
const INACTIVE_REASONS = ['Matrícula não confirmada pela IE', 'Sem frequência registrada no semestre'];

const json = (value: Record<string, unknown>) => JSON.stringify(value);
const step = (acao: string, from: State | null, to: State, actor: Actor, detalhes = '{}', at?: number): StepDraft =>
  at === undefined ? { acao, from, to, actor, detalhes } : { acao, from, to, actor, detalhes, at };

// The amount itself is on the request (solicitação) and the addendum; the event keeps the terms.
const sendValues = (from: State, rng: Rng, acao: string = ACAO.envioValores) =>
  step(acao, from, EM_PROCESSAMENTO, 'IE', json({ percentual: `${rng.int(5, 20) * 5}.00`, parcelas: 6 }));
const accept = () => step(ACAO.processamentoAceito, EM_PROCESSAMENTO, AGUARDANDO_ASSINATURA, 'OPERADOR');
const sign = () => step(ACAO.assinatura, AGUARDANDO_ASSINATURA, FINALIZADO, 'OPERADOR');
const reject = (rng: Rng) =>
  step(ACAO.processamentoRecusado, EM_PROCESSAMENTO, APTO, 'OPERADOR', json({ motivos: [rng.pick(REJECTIONS)] }));

/** The IE's "leave the renewal" actions from a state, towards a SEM_RENOVACAO or MANUTENCAO_VINCULO target. */
function leave(rng: Rng, from: State, target: State): StepDraft {
  switch (target) {
    case TRANCAMENTO:
      return step(ACAO.trancamento, from, TRANCAMENTO, 'IE', json({ tipo: 'D', situacaoMatricula: 'T' }));
    case AFASTAMENTO:
      return step(ACAO.afastamento, from, AFASTAMENTO, 'IE', json({ tipo: 'F', motivo: rng.pick(WITHDRAWAL_CODES) }));
    case EVASAO:
      return step(ACAO.evasao, from, EVASAO, 'IE', json({ tipo: 'E', motivo: rng.pick(DROPOUT_REASONS) }));
    case INATIVO:
      return step(ACAO.inativar, from, INATIVO, 'IE', json({ motivo: rng.pick(INACTIVE_REASONS) }));
    case CANCELADO:
      return step(ACAO.cancelar, from, CANCELADO, 'IE', json({ motivo: rng.pick(CANCEL_REASONS) }));
    case EXCLUIDO:
      return step(ACAO.excluir, from, EXCLUIDO, 'IE', json({ motivo: rng.pick(DELETE_REASONS) }));
    default:
      return step(
        ACAO.manutencaoVinculo,
        from,
        MANUTENCAO_VINCULO,
        'IE',
        json({ tipo: 'S', motivo: rng.pick(BOND_REASONS) }),
      );
  }
}

/** The closed journey: finished renewals, locks, withdrawals, bond maintenance and tacit non-renewals. */
export function previousPath(rng: Rng, state: State, closedAt: number): StepDraft[] {
  if (state === FINALIZADO) return [sendValues(APTO, rng), accept(), sign()];
  if (state === NAO_RENOVADO) return [step(ACAO.janelaEncerrada, APTO, NAO_RENOVADO, 'SISTEMA', '{}', closedAt)];
  return [leave(rng, APTO, state)];
}

/**
 * Every entry starts with the journey's opening, as a live opening writes it (DOMAIN.md, "Timeline
 * vocabulary"). Prepended to an APTO entry's timed steps, at the journey's opening, after the
 * steps were timed: drawing no random number keeps the rest of the demo as it was.
 */
export const withOpening = <T extends StepDraft>(steps: T[], openedAt: number): T[] => [
  step(ACAO.abrirJornada, null, APTO, 'SISTEMA', '{}', openedAt) as T,
  ...steps,
];

export interface CurrentPath {
  drafts: StepDraft[];
  pendingTask: boolean;
  valuesSent: boolean;
}

/**
 * The open journey. A contract locked last semester was opened as SEM_RENOVACAO/TRANCAMENTO
 * (carried) and can only leave it through the actions allowed from SEM_RENOVACAO.
 */
export function currentPath(rng: Rng, state: State, carried: boolean, openedAt: number): CurrentPath {
  const drafts: StepDraft[] = [];
  const start = carried ? TRANCAMENTO : APTO;
  // A carried lock opens as SEM_RENOVACAO/TRANCAMENTO; an APTO opening is added by withOpening.
  if (carried)
    drafts.push(step(ACAO.abrirJornada, null, TRANCAMENTO, 'SISTEMA', json({ trancamentoHerdado: true }), openedAt));
  const send = () => sendValues(start, rng, carried ? ACAO.alterarStatusEnvioValores : ACAO.envioValores);
  let pendingTask = false;
  switch (state) {
    case APTO:
      if (rng.chance(0.03)) drafts.push(sendValues(APTO, rng), reject(rng));
      break;
    case EM_PROCESSAMENTO:
      if (!carried && rng.chance(0.1)) drafts.push(sendValues(APTO, rng), reject(rng));
      drafts.push(send());
      break;
    case REVISAO_ANALISE:
      drafts.push(
        carried
          ? step(
              ACAO.revisaoAnalise,
              TRANCAMENTO,
              REVISAO_ANALISE,
              'IE',
              json({ observacao: 'Revisão do trancamento' }),
            )
          : send(),
      );
      if (!carried)
        drafts.push(
          step(
            ACAO.revisaoAnalise,
            EM_PROCESSAMENTO,
            REVISAO_ANALISE,
            'IE',
            json({ observacao: 'Valores corrigidos' }),
          ),
        );
      break;
    case AGUARDANDO_ASSINATURA:
      drafts.push(send(), accept());
      break;
    case FINALIZADO:
      drafts.push(send(), accept(), sign());
      break;
    case TRANCAMENTO:
      if (!carried) drafts.push(leave(rng, APTO, TRANCAMENTO));
      // Most carried locks still wait for the IE to keep or end them (the demo lets one try both).
      else if (rng.chance(0.35))
        drafts.push(step(ACAO.manterTrancamento, TRANCAMENTO, TRANCAMENTO, 'IE', json({ tipo: 'D' })));
      pendingTask = drafts.at(-1)?.acao !== ACAO.abrirJornada && rng.chance(0.35);
      break;
    case AFASTAMENTO:
    case EVASAO:
      drafts.push(leave(rng, start, state));
      pendingTask = rng.chance(0.35);
      break;
    case CANCELADO: {
      const r = carried ? 0 : rng.next();
      if (r >= 0.6) drafts.push(send());
      if (r >= 0.85) drafts.push(accept());
      drafts.push(leave(rng, drafts.at(-1)?.to ?? start, CANCELADO));
      break;
    }
    case EXCLUIDO:
      if (!carried && rng.chance(0.2)) drafts.push(send());
      drafts.push(leave(rng, drafts.at(-1)?.to ?? start, EXCLUIDO));
      break;
    default:
      drafts.push(leave(rng, start, state));
  }
  const valuesSent = drafts.some((d) => d.to === EM_PROCESSAMENTO);
  return { drafts, pendingTask, valuesSent };
}
