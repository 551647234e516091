import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  daysLeft,
  daysLeftText,
  formatBRL,
  formatCount,
  formatDate,
  formatPeriod,
  isValidCPF,
  maskCPF,
  maskDate,
  parseBRL,
  saoPauloDay,
  toApiDate,
} from './format.ts';

const NBSP = '\u00a0';

describe('format', () => {
  it('formats money as BRL', () => {
    assert.equal(formatBRL(1234.56), `R$${NBSP}1.234,56`);
    assert.equal(formatBRL('0.5'), `R$${NBSP}0,50`);
    assert.equal(formatBRL(null), '—');
  });

  it('parses typed amounts', () => {
    assert.equal(parseBRL('1.234,56'), 1234.56);
    assert.equal(parseBRL('R$ 1.234,5'), 1234.5);
    assert.equal(parseBRL('1234.56'), 1234.56);
    assert.equal(parseBRL('1.234'), 1234);
    assert.equal(parseBRL('12,345'), null);
    assert.equal(parseBRL('abc'), null);
    assert.equal(parseBRL(''), null);
  });

  it('formats dates as dd/mm/aaaa', () => {
    assert.equal(formatDate('2025-02-03'), '03/02/2025');
    assert.equal(formatDate('2025-02-03T12:00:00Z'), '03/02/2025');
    assert.equal(formatDate(null), '—');
  });

  it('masks and converts dates', () => {
    assert.equal(maskDate('01022025'), '01/02/2025');
    assert.equal(maskDate('0102'), '01/02');
    assert.equal(toApiDate('01/02/2025'), '01-02-2025');
    assert.equal(toApiDate('31/02/2025'), null);
    assert.equal(toApiDate('1/2/2025'), null);
  });

  it('masks CPFs as typed', () => {
    assert.equal(maskCPF('52998224725'), '529.982.247-25');
    assert.equal(maskCPF('5299'), '529.9');
    assert.equal(maskCPF('529.982.2'), '529.982.2');
    assert.equal(isValidCPF('529.982.247-25'), true);
    assert.equal(isValidCPF('529.982.247-24'), false);
    assert.equal(isValidCPF('111.111.111-11'), false);
  });

  it('counts the days left in a window, the last day included', () => {
    // Noon in São Paulo (UTC−3) on 1 March: the window ends 9 days later.
    assert.equal(daysLeft('2025-03-10', new Date('2025-03-01T15:00:00Z')), 9);
    assert.equal(daysLeftText('2025-03-10', new Date('2025-03-01T15:00:00Z')), '9 dias restantes');
    // 01:30 UTC on 11 March is still 10 March in São Paulo: the last day.
    assert.equal(daysLeft('2025-03-10', new Date('2025-03-11T01:30:00Z')), 0);
    assert.equal(daysLeftText('2025-03-10', new Date('2025-03-11T01:30:00Z')), 'encerra hoje');
    assert.equal(daysLeftText('2025-03-10', new Date('2025-03-09T12:00:00Z')), '1 dia restante');
    assert.equal(daysLeftText('2025-03-10', new Date('2025-03-11T12:00:00Z')), 'encerrada');
    assert.equal(saoPauloDay(new Date('2026-12-01T02:00:00Z')), '2026-11-30');
  });

  it('names periods', () => {
    assert.equal(formatPeriod(2025, 1), '1º semestre de 2025');
  });

  it('counts in singular and plural', () => {
    assert.equal(formatCount(1, 'linha', 'linhas'), '1 linha');
    assert.equal(formatCount(0, 'linha', 'linhas'), '0 linhas');
    assert.equal(formatCount(1234, 'linha', 'linhas'), '1.234 linhas');
  });
});
