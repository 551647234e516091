import { type MotivoSemRenovacao, SITUACOES, type Situacao } from '../../db/schema.js';
import { type Text, t } from '../../http/i18n.js';

/**
 * The journey entry's state machine (DOMAIN.md, "Transitions"). Pure: it decides, callers apply.
 * Every action operation — v2, v3 and the `alterar-status` family — goes through `next()`.
 */
export const ACTIONS = [
  'ENVIAR_VALORES',
  'REENVIAR_VALORES',
  'PROCESSAMENTO_ACEITO',
  'PROCESSAMENTO_RECUSADO',
  'ASSINATURA',
  'TRANCAMENTO',
  'MANTER_TRANCAMENTO',
  'AFASTAMENTO',
  'EVASAO',
  'MANUTENCAO_VINCULO',
  'REVISAO_ANALISE',
  'INATIVAR',
  'PREVISAO_FORMATURA',
  'CANCELAR',
  'EXCLUIR',
  'JANELA_ENCERRADA',
] as const;
export type Action = (typeof ACTIONS)[number];

/** `alterar-status` operations apply only to entries in SEM_RENOVACAO; the other doors follow `from`. */
export type Door = 'padrao' | 'alterar-status';

export interface EntryState {
  situacao: Situacao;
  motivo: MotivoSemRenovacao | null;
}

/** A state pattern: a situação, or SEM_RENOVACAO with one motivo ('SEM_RENOVACAO/TRANCAMENTO'). */
type From = Situacao | `SEM_RENOVACAO/${MotivoSemRenovacao}`;
type To = EntryState | 'unchanged';

/** Every situação an action can still leave: all but CANCELADO and EXCLUIDO. */
export const NON_TERMINAL: Situacao[] = SITUACOES.filter((s) => s !== 'CANCELADO' && s !== 'EXCLUIDO');
const sem = (motivo: MotivoSemRenovacao): EntryState => ({ situacao: 'SEM_RENOVACAO', motivo });
const to = (situacao: Situacao): EntryState => ({ situacao, motivo: null });

interface Rule {
  from: From[];
  /** States allowed only through the alterar-status door. */
  fromStatusChange?: From[];
  to: To;
  description: string;
}

export const TRANSITIONS: Record<Action, Rule> = {
  ENVIAR_VALORES: {
    from: ['APTO'],
    fromStatusChange: ['SEM_RENOVACAO'],
    to: to('EM_PROCESSAMENTO'),
    description: 'send values',
  },
  REENVIAR_VALORES: {
    from: ['APTO', 'EM_PROCESSAMENTO'],
    to: to('EM_PROCESSAMENTO'),
    description: 'send values again (reenvio)',
  },
  PROCESSAMENTO_ACEITO: {
    from: ['EM_PROCESSAMENTO', 'REVISAO_ANALISE'],
    to: to('AGUARDANDO_ASSINATURA'),
    description: 'processing accepted; addendum generated',
  },
  PROCESSAMENTO_RECUSADO: {
    from: ['EM_PROCESSAMENTO', 'REVISAO_ANALISE'],
    to: to('APTO'),
    description: 'processing rejected',
  },
  ASSINATURA: { from: ['AGUARDANDO_ASSINATURA'], to: to('FINALIZADO'), description: 'student signed the addendum' },
  TRANCAMENTO: {
    from: ['APTO', 'MANUTENCAO_VINCULO'],
    fromStatusChange: ['SEM_RENOVACAO'],
    to: sem('TRANCAMENTO'),
    description: 'enrolment lock',
  },
  MANTER_TRANCAMENTO: {
    from: ['SEM_RENOVACAO/TRANCAMENTO'],
    to: 'unchanged',
    description: 'keep the lock for this semester',
  },
  AFASTAMENTO: {
    from: ['APTO', 'MANUTENCAO_VINCULO', 'SEM_RENOVACAO'],
    to: sem('AFASTAMENTO'),
    description: 'withdrawal',
  },
  EVASAO: { from: ['APTO', 'MANUTENCAO_VINCULO', 'SEM_RENOVACAO'], to: sem('EVASAO'), description: 'dropout' },
  MANUTENCAO_VINCULO: {
    from: ['APTO', 'SEM_RENOVACAO'],
    to: to('MANUTENCAO_VINCULO'),
    description: 'bond maintenance',
  },
  REVISAO_ANALISE: {
    from: ['SEM_RENOVACAO', 'EM_PROCESSAMENTO'],
    to: to('REVISAO_ANALISE'),
    description: 'analysis review by the foundation',
  },
  INATIVAR: { from: NON_TERMINAL, to: sem('INATIVO'), description: 'inactivate the student' },
  PREVISAO_FORMATURA: { from: NON_TERMINAL, to: 'unchanged', description: 'new graduation forecast' },
  CANCELAR: { from: NON_TERMINAL, to: to('CANCELADO'), description: 'cancel the contract' },
  EXCLUIR: {
    from: [
      'APTO',
      'EM_PROCESSAMENTO',
      'REVISAO_ANALISE',
      'AGUARDANDO_ASSINATURA',
      'SEM_RENOVACAO',
      'MANUTENCAO_VINCULO',
    ],
    to: to('EXCLUIDO'),
    description: 'delete the contract (no addendum signed)',
  },
  JANELA_ENCERRADA: { from: ['APTO'], to: sem('NAO_RENOVADO'), description: 'renewal window closed with nothing done' },
};

function matches(state: EntryState, pattern: From): boolean {
  if (pattern.includes('/')) return `${state.situacao}/${state.motivo}` === pattern;
  return state.situacao === pattern;
}

/** The state patterns an action may start from through a door (for set-based SQL). */
export function allowedFrom(action: Action, door: Door = 'padrao'): From[] {
  const rule = TRANSITIONS[action];
  const all = [...rule.from, ...(rule.fromStatusChange ?? [])];
  return door === 'alterar-status' ? all.filter((f) => f.startsWith('SEM_RENOVACAO')) : rule.from;
}

/**
 * True when the action would lead the entry to the situation it is already in (DOMAIN.md,
 * "Actions": inactivating an INATIVO entry, locking one already locked). Actions whose effect is
 * not the situation — keep lock, new forecast (`unchanged`) and resending values, which replaces
 * the values under processing — are not "to the same situation" and stay allowed.
 */
export function leadsToSameSituation(state: EntryState, action: Action): boolean {
  const target = TRANSITIONS[action].to;
  if (target === 'unchanged' || action === 'REENVIAR_VALORES') return false;
  return target.situacao === state.situacao && (target.motivo ?? null) === (state.motivo ?? null);
}

/** Actions allowed from a state through a door: what a 409 lists for the user (never one to the same situation). */
export function allowedActions(state: EntryState, door: Door = 'padrao'): Action[] {
  if (door === 'alterar-status' && state.situacao !== 'SEM_RENOVACAO') return [];
  return ACTIONS.filter(
    (a) =>
      a !== 'JANELA_ENCERRADA' &&
      !leadsToSameSituation(state, a) &&
      allowedFrom(a, door).some((f) => matches(state, f)),
  );
}

/** `reason` is English (logs, tests); `message` is what a person reads, in both languages. */
export type Decision = { ok: true; next: EntryState } | { ok: false; reason: string; message: Text; allowed: Action[] };

/** The actions' descriptions in Portuguese, for refusals a person reads. */
const DESCRICAO: Record<Action, string> = {
  ENVIAR_VALORES: 'enviar valores',
  REENVIAR_VALORES: 'reenviar valores',
  PROCESSAMENTO_ACEITO: 'processamento aceito; aditivo gerado',
  PROCESSAMENTO_RECUSADO: 'processamento recusado',
  ASSINATURA: 'o estudante assinou o aditivo',
  TRANCAMENTO: 'trancamento de matrícula',
  MANTER_TRANCAMENTO: 'manter o trancamento neste semestre',
  AFASTAMENTO: 'afastamento',
  EVASAO: 'evasão',
  MANUTENCAO_VINCULO: 'manutenção de vínculo',
  REVISAO_ANALISE: 'revisão da análise pela fundação',
  INATIVAR: 'inativar o estudante',
  PREVISAO_FORMATURA: 'nova previsão de formatura',
  CANCELAR: 'cancelar o contrato',
  EXCLUIR: 'excluir o contrato (sem aditivo assinado)',
  JANELA_ENCERRADA: 'janela de renovação encerrada sem nenhuma ação',
};

const SITUACAO_PT: Record<string, string> = {
  APTO: 'Apto',
  EM_PROCESSAMENTO: 'Em processamento',
  REVISAO_ANALISE: 'Revisão de análise',
  AGUARDANDO_ASSINATURA: 'Aguardando assinatura',
  FINALIZADO: 'Finalizado',
  SEM_RENOVACAO: 'Sem renovação',
  MANUTENCAO_VINCULO: 'Manutenção de vínculo',
  CANCELADO: 'Cancelado',
  EXCLUIDO: 'Excluído',
  TRANCAMENTO: 'trancamento',
  AFASTAMENTO: 'afastamento',
  EVASAO: 'evasão',
  INATIVO: 'inativo',
  NAO_RENOVADO: 'não renovado',
};

/** "Sem renovação (trancamento)": the state in the words a person reads. */
export function situacaoPt(state: EntryState): string {
  const base = SITUACAO_PT[state.situacao] ?? state.situacao;
  return state.motivo ? `${base} (${SITUACAO_PT[state.motivo] ?? state.motivo})` : base;
}

export function describeState(state: EntryState): string {
  return state.motivo ? `${state.situacao}/${state.motivo}` : state.situacao;
}

/** Decides the state after `action` from `state` through `door`, or why it is refused. */
export function next(state: EntryState, action: Action, door: Door = 'padrao'): Decision {
  const rule = TRANSITIONS[action];
  if (door === 'alterar-status' && state.situacao !== 'SEM_RENOVACAO') {
    const reason = `Status-change operations apply only to entries in SEM_RENOVACAO; this entry is ${describeState(state)}.`;
    return {
      ok: false,
      reason,
      message: t(
        `As operações de alteração de status valem só para entradas sem renovação; esta entrada está em ${situacaoPt(state)}.`,
        reason,
      ),
      allowed: allowedActions(state, 'padrao'),
    };
  }
  if (!allowedFrom(action, door).some((f) => matches(state, f))) {
    const reason = `Action ${action} (${rule.description}) is not allowed from ${describeState(state)}.`;
    return {
      ok: false,
      reason,
      message: t(`A ação "${DESCRICAO[action]}" não é permitida para uma entrada em ${situacaoPt(state)}.`, reason),
      allowed: allowedActions(state, door),
    };
  }
  if (leadsToSameSituation(state, action)) {
    const reason = `Action ${action} (${rule.description}) is not allowed: it would leave the entry where it already is (${describeState(state)}).`;
    return {
      ok: false,
      reason,
      message: t(
        `A entrada já está em ${situacaoPt(state)}; a ação "${DESCRICAO[action]}" não a mudaria e não é permitida.`,
        reason,
      ),
      allowed: allowedActions(state, door),
    };
  }
  return { ok: true, next: rule.to === 'unchanged' ? { ...state } : rule.to };
}
