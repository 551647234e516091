import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ACAO_LABEL,
  columnLabel,
  humanize,
  label,
  operacaoLabel,
  PROCESSAMENTO_LABEL,
  SITUACAO_LABEL,
  situacaoText,
  TAG_LABEL,
} from './labels.ts';

const UPPER_SNAKE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;

describe('labels', () => {
  it('names every situação, action and tag in Portuguese words, never as a code', () => {
    for (const catalogue of [SITUACAO_LABEL, ACAO_LABEL, TAG_LABEL])
      for (const text of Object.values(catalogue)) assert.doesNotMatch(text, UPPER_SNAKE);
    assert.equal(situacaoText('SEM_RENOVACAO', 'NAO_RENOVADO'), 'Sem renovação — Não renovado');
    assert.equal(label(TAG_LABEL, 'PRIMEIRA_RENOVACAO'), 'Primeira renovação');
  });

  it('turns an unknown code into words rather than showing it', () => {
    assert.equal(humanize('ALGO_NOVO_AQUI'), 'Algo novo aqui');
    assert.equal(humanize('valorNovo'), 'Valor novo');
    assert.equal(label(SITUACAO_LABEL, 'OUTRA_SITUACAO'), 'Outra situacao');
    assert.equal(label(SITUACAO_LABEL, null), '—');
  });

  it('names a column by its field or by the JSON pointer the API sends', () => {
    assert.equal(columnLabel('valorContrato'), 'Valor do contrato (crédito)');
    assert.equal(columnLabel('/body/0/percentualConcedido'), 'Percentual concedido');
  });

  it("names the audit trail's operations by the action, every door of it alike", () => {
    assert.equal(operacaoLabel('inactivateStudent'), 'Inativação');
    assert.equal(operacaoLabel('inactivateStudentStatusChange'), 'Inativação');
    assert.equal(operacaoLabel('lockEnrolmentV2'), 'Trancamento');
    assert.equal(operacaoLabel('keepLockOfProcess'), 'Manter trancamento');
    assert.equal(operacaoLabel('somethingNew'), 'Something new');
    assert.equal(label(PROCESSAMENTO_LABEL, 'RECUSADO'), 'Recusada pela Fundação');
  });
});
