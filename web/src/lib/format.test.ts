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
    // A window closing 30 days from today: 30, not 31.
    assert.equal(daysLeft('2026-12-27', '2026-11-27'), 30);
    assert.equal(daysLeftText('2025-03-10', '2025-03-01'), '9 dias restantes');
    assert.equal(daysLeft('2025-03-10', '2025-03-10'), 0);
    assert.equal(daysLeftText('2025-03-10', '2025-03-10'), 'encerra hoje');
    assert.equal(daysLeftText('2025-03-10', '2025-03-09'), '1 dia restante');
    assert.equal(daysLeftText('2025-03-10', '2025-03-11'), 'janela encerrada');
    // 01:30 UTC on 11 March is still 10 March in São Paulo.
    assert.equal(saoPauloDay(new Date('2025-03-11T01:30:00Z')), '2025-03-10');
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
