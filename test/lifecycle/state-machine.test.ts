import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MOTIVOS_SEM_RENOVACAO, SITUACOES } from '../../src/db/schema.js';
import {
  ACTIONS,
  type Action,
  allowedActions,
  type EntryState,
  next,
} from '../../src/modules/lifecycle/state-machine.js';

/** Every state an entry can be in. */
const STATES: EntryState[] = SITUACOES.flatMap((situacao): EntryState[] =>
  situacao === 'SEM_RENOVACAO'
    ? MOTIVOS_SEM_RENOVACAO.map((motivo) => ({ situacao, motivo }))
    : [{ situacao, motivo: null }],
);
const key = (s: EntryState) => (s.motivo ? `${s.situacao}/${s.motivo}` : s.situacao);
const ANY_SEM = MOTIVOS_SEM_RENOVACAO.map((m) => `SEM_RENOVACAO/${m}`);
const NON_TERMINAL = [
  'APTO',
  'EM_PROCESSAMENTO',
  'REVISAO_ANALISE',
  'AGUARDANDO_ASSINATURA',
  'FINALIZADO',
  ...ANY_SEM,
  'MANUTENCAO_VINCULO',
];

/** DOMAIN.md, "Actions": no action leads an entry to the situation it is already in. */
const but = (states: string[], same: string) => states.filter((s) => s !== same);

/** DOMAIN.md's transition table, written out state by state: action → { from state: to state }. */
const EXPECTED: Record<Action, Record<string, string>> = {
  ENVIAR_VALORES: { APTO: 'EM_PROCESSAMENTO' },
  REENVIAR_VALORES: { APTO: 'EM_PROCESSAMENTO', EM_PROCESSAMENTO: 'EM_PROCESSAMENTO' },
  PROCESSAMENTO_ACEITO: { EM_PROCESSAMENTO: 'AGUARDANDO_ASSINATURA', REVISAO_ANALISE: 'AGUARDANDO_ASSINATURA' },
  PROCESSAMENTO_RECUSADO: { EM_PROCESSAMENTO: 'APTO', REVISAO_ANALISE: 'APTO' },
  ASSINATURA: { AGUARDANDO_ASSINATURA: 'FINALIZADO' },
  TRANCAMENTO: { APTO: 'SEM_RENOVACAO/TRANCAMENTO', MANUTENCAO_VINCULO: 'SEM_RENOVACAO/TRANCAMENTO' },
  MANTER_TRANCAMENTO: { 'SEM_RENOVACAO/TRANCAMENTO': 'SEM_RENOVACAO/TRANCAMENTO' },
  AFASTAMENTO: Object.fromEntries(
    ['APTO', 'MANUTENCAO_VINCULO', ...but(ANY_SEM, 'SEM_RENOVACAO/AFASTAMENTO')].map((s) => [
      s,
      'SEM_RENOVACAO/AFASTAMENTO',
    ]),
  ),
  EVASAO: Object.fromEntries(
    ['APTO', 'MANUTENCAO_VINCULO', ...but(ANY_SEM, 'SEM_RENOVACAO/EVASAO')].map((s) => [s, 'SEM_RENOVACAO/EVASAO']),
  ),
  MANUTENCAO_VINCULO: Object.fromEntries(['APTO', ...ANY_SEM].map((s) => [s, 'MANUTENCAO_VINCULO'])),
  REVISAO_ANALISE: Object.fromEntries(['EM_PROCESSAMENTO', ...ANY_SEM].map((s) => [s, 'REVISAO_ANALISE'])),
  INATIVAR: Object.fromEntries(but(NON_TERMINAL, 'SEM_RENOVACAO/INATIVO').map((s) => [s, 'SEM_RENOVACAO/INATIVO'])),
  PREVISAO_FORMATURA: Object.fromEntries(NON_TERMINAL.map((s) => [s, s])),
  CANCELAR: Object.fromEntries(NON_TERMINAL.map((s) => [s, 'CANCELADO'])),
  EXCLUIR: Object.fromEntries(NON_TERMINAL.filter((s) => s !== 'FINALIZADO').map((s) => [s, 'EXCLUIDO'])),
  JANELA_ENCERRADA: { APTO: 'SEM_RENOVACAO/NAO_RENOVADO' },
};

describe('state machine, default doors: every action from every state', () => {
  for (const action of ACTIONS) {
    for (const state of STATES) {
      const expected = EXPECTED[action][key(state)];
      test(`${action} from ${key(state)} → ${expected ?? 'refused'}`, () => {
        const decision = next(state, action);
        if (expected) {
          assert.ok(decision.ok, !decision.ok ? decision.reason : '');
          assert.equal(key(decision.next), expected);
        } else {
          assert.equal(decision.ok, false);
          if (!decision.ok) {
            assert.match(decision.reason, /not allowed/);
            assert.ok(decision.reason.includes(key(state)), decision.reason);
            assert.deepEqual(decision.allowed, allowedActions(state));
            assert.ok(!decision.allowed.includes(action));
          }
        }
      });
    }
  }
});

describe('state machine, alterar-status door: only from SEM_RENOVACAO', () => {
  const viaStatusChange: Partial<Record<Action, string>> = {
    ENVIAR_VALORES: 'EM_PROCESSAMENTO',
    TRANCAMENTO: 'SEM_RENOVACAO/TRANCAMENTO',
    AFASTAMENTO: 'SEM_RENOVACAO/AFASTAMENTO',
    EVASAO: 'SEM_RENOVACAO/EVASAO',
    MANUTENCAO_VINCULO: 'MANUTENCAO_VINCULO',
    REVISAO_ANALISE: 'REVISAO_ANALISE',
    INATIVAR: 'SEM_RENOVACAO/INATIVO',
  };
  for (const [action, target] of Object.entries(viaStatusChange) as [Action, string][]) {
    test(`${action} via alterar-status from SEM_RENOVACAO/NAO_RENOVADO → ${target}; from APTO refused`, () => {
      const ok = next({ situacao: 'SEM_RENOVACAO', motivo: 'NAO_RENOVADO' }, action, 'alterar-status');
      assert.ok(ok.ok);
      assert.equal(key(ok.next), target);
      const refused = next({ situacao: 'APTO', motivo: null }, action, 'alterar-status');
      assert.equal(refused.ok, false);
      if (!refused.ok) assert.match(refused.reason, /only to entries in SEM_RENOVACAO; this entry is APTO/);
    });
  }
  test('send values from SEM_RENOVACAO is refused through the default door', () => {
    assert.equal(next({ situacao: 'SEM_RENOVACAO', motivo: 'NAO_RENOVADO' }, 'ENVIAR_VALORES').ok, false);
  });
  test('no action leads to the situation the entry is already in, through either door', () => {
    const locked: EntryState = { situacao: 'SEM_RENOVACAO', motivo: 'TRANCAMENTO' };
    const lockAgain = next(locked, 'TRANCAMENTO', 'alterar-status');
    assert.equal(lockAgain.ok, false);
    if (!lockAgain.ok) {
      assert.match(lockAgain.reason, /where it already is \(SEM_RENOVACAO\/TRANCAMENTO\)/);
      assert.match(lockAgain.message.pt, /já está em Sem renovação \(trancamento\)/);
    }
    assert.ok(!allowedActions(locked, 'alterar-status').includes('TRANCAMENTO'));
    for (const state of STATES) {
      for (const action of allowedActions(state)) {
        const decision = next(state, action);
        assert.ok(decision.ok);
        const unchangedByDesign = ['PREVISAO_FORMATURA', 'MANTER_TRANCAMENTO', 'REENVIAR_VALORES'].includes(action);
        if (!unchangedByDesign) assert.notEqual(key(decision.next), key(state), `${action} from ${key(state)}`);
      }
    }
  });
  test('terminal states allow nothing', () => {
    assert.deepEqual(allowedActions({ situacao: 'CANCELADO', motivo: null }), []);
    assert.deepEqual(allowedActions({ situacao: 'EXCLUIDO', motivo: null }), []);
  });
});
