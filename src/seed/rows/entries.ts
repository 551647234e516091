import { TableBuffer } from '../bulk.js';
import { periodAt } from '../calendar.js';
import type { SeedContext } from '../context.js';
import type { ContractPlan, EntryPlan } from '../plan.js';
import type { ContractRows } from './rows.js';

/** Journey entries (denormalized from the contract, as the dashboard reads them) and their processo. */
export function entryRows(ctx: SeedContext): ContractRows {
  const entries = new TableBuffer('entrada_jornada', [
    ['id', 'int8'],
    ['jornada_id', 'int8'],
    ['ie_id', 'int8'],
    ['contrato_id', 'int8'],
    ['bolsa_id', 'int8'],
    ['estudante_id', 'int8'],
    ['curso_id', 'int8'],
    ['campus_id', 'int8'],
    ['turno_id', 'int8'],
    ['nome_busca', 'text'],
    ['cpf', 'text'],
    ['matricula', 'text'],
    ['situacao', 'text', { repeated: true }],
    ['motivo', 'text', { repeated: true }],
    ['tags', 'tags', { repeated: true }],
    ['versao', 'int4'],
    ['created_at', 'ts'],
    ['updated_at', 'ts'],
  ]);
  const processes = new TableBuffer('processo', [
    ['id', 'int8'],
    ['entrada_id', 'int8'],
    ['contrato_id', 'int8'],
    ['ie_id', 'int8'],
    ['ano', 'int4'],
    ['semestre', 'int4'],
    ['matricula', 'text'],
    ['created_at', 'ts'],
  ]);
  const add = (p: ContractPlan, e: EntryPlan) => {
    const c = p.course;
    entries.add(
      e.id,
      e.jornadaId,
      p.ie.id,
      p.id,
      p.id,
      p.id,
      c.id,
      c.campusId,
      ctx.shiftIds[c.shift],
      p.nomeBusca,
      p.cpf,
      p.matricula,
      e.state[0],
      e.state[1],
      e.tags,
      1 + e.steps.length,
      e.createdAt,
      e.updatedAt,
    );
    const period = periodAt(e.periodIdx);
    processes.add(e.id, e.id, p.id, p.ie.id, period.ano, period.semestre, p.matricula, e.createdAt);
  };
  return {
    buffers: [entries, processes],
    add(p) {
      for (const e of p.entries) add(p, e);
    },
  };
}
