import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMonths, checkValues, expectedContractCents, parsePercent, type ValueForm } from './value-rules.ts';

const form = (over: Partial<ValueForm> = {}): ValueForm => ({
  brbId: '17',
  qtdParcelasCobertura: '6',
  qtdCreditos: '',
  valorCtrPrestServico: 'R$ 9.000,00',
  percentualConcedido: '50',
  valorContrato: '4.500,00',
  parcMeses: '',
  motivoReenvio: '',
  contratoAnual: false,
  ...over,
});

describe('value rules', () => {
  it('reads percentages with up to 4 decimals', () => {
    assert.equal(parsePercent('50'), 500_000n);
    assert.equal(parsePercent('33,3333'), 333_333n);
    assert.equal(parsePercent('12.5%'), 125_000n);
    assert.equal(parsePercent('1,23456'), null);
    assert.equal(parsePercent('abc'), null);
  });

  it('expects the credited amount within a cent of service value × percentage', () => {
    // 1.234,56 × 33,3333 % = 411,5196... → R$ 411,52
    assert.equal(expectedContractCents(123_456n, 333_333n), 41_152n);
    assert.deepEqual(checkValues(form({ valorContrato: '4.500,01' })).errors, {});
    assert.match(checkValues(form({ valorContrato: '4.500,02' })).errors.valorContrato ?? '', /R\$\s4\.500,00/);
  });

  it('answers the row the API takes', () => {
    assert.deepEqual(checkValues(form({ parcMeses: '07/2026, 08/2026,09/2026,10/2026,11/2026,12/2026' })).row, {
      brbId: 17,
      qtdParcelasCobertura: 6,
      valorCtrPrestServico: 9000,
      percentualConcedido: 50,
      valorContrato: 4500,
      parcMeses: '07/2026, 08/2026,09/2026,10/2026,11/2026,12/2026',
      contratoAnual: 'N',
    });
  });

  it('names each refused field', () => {
    const { errors, row } = checkValues(
      form({ brbId: '', qtdParcelasCobertura: '7', valorCtrPrestServico: '9.000,001', percentualConcedido: '101' }),
    );
    assert.equal(row, undefined);
    assert.deepEqual(Object.keys(errors).sort(), [
      'brbId',
      'percentualConcedido',
      'qtdParcelasCobertura',
      'valorCtrPrestServico',
    ]);
    assert.equal(errors.qtdParcelasCobertura, 'Informe um número de 1 a 6.');
    assert.equal(
      checkValues(form({ contratoAnual: true, qtdParcelasCobertura: '12' })).errors.qtdParcelasCobertura,
      undefined,
    );
  });

  it('checks months as the API does', () => {
    assert.equal(checkMonths('7,8,9', 3), null);
    assert.equal(checkMonths('2026-07;2026-08', 2), null);
    assert.match(checkMonths('13', 1) ?? '', /MM ou MM\/AAAA/);
    assert.equal(checkMonths('07/2026,07/2026', 2), 'Há um mês repetido.');
    assert.equal(checkMonths('7,8', 3), 'Informe 3 meses, um por parcela (há 2).');
  });
});
