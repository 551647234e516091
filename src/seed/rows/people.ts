import { TableBuffer } from '../bulk.js';
import type { SeedContext } from '../context.js';
import type { ContractPlan } from '../plan.js';
import type { ContractRows } from './rows.js';

/** estudante, bolsa and contrato: one of each per contract, sharing its id. */
export function peopleRows(ctx: SeedContext): ContractRows {
  const students = new TableBuffer('estudante', [
    ['id', 'int8'],
    ['cpf', 'text'],
    ['nome', 'text'],
    ['nome_busca', 'text'],
    ['email', 'text'],
    ['data_nascimento', 'date', { repeated: true }],
  ]);
  const bolsas = new TableBuffer('bolsa', [
    ['id', 'int8'],
    ['ie_id', 'int8'],
    ['convenio_id', 'int8'],
    ['estudante_id', 'int8'],
    ['curso_id', 'int8'],
    ['campus_id', 'int8'],
    ['turno_id', 'int8'],
    ['cod_bolsa', 'text'],
    ['matricula', 'text'],
    ['situacao_matricula', 'text', { repeated: true }],
    ['status', 'text', { repeated: true }],
    ['created_at', 'ts'],
  ]);
  const contracts = new TableBuffer('contrato', [
    ['id', 'int8'],
    ['bolsa_id', 'int8'],
    ['ie_id', 'int8'],
    ['numero', 'text'],
    ['status', 'text', { repeated: true }],
    ['primeiro_mes_credito', 'date', { repeated: true }],
    ['previsao_formatura', 'date', { repeated: true }],
    ['inicio_restituicao', 'date', { repeated: true }],
    ['semestres_trancados', 'int4'],
    ['trancamentos_consecutivos', 'int4'],
    ['created_at', 'ts'],
  ]);
  return {
    buffers: [students, bolsas, contracts],
    add(p: ContractPlan) {
      students.add(p.id, p.cpf, p.nome, p.nomeBusca, p.email, p.nascimento);
      const c = p.course;
      bolsas.add(
        p.id,
        p.ie.id,
        p.convenioId,
        p.id,
        c.id,
        c.campusId,
        ctx.shiftIds[c.shift],
        p.codBolsa,
        p.matricula,
        p.situacaoMatricula,
        p.bolsaStatus,
        p.createdAt,
      );
      contracts.add(
        p.id,
        p.id,
        p.ie.id,
        p.numero,
        p.contratoStatus,
        p.primeiroMesCredito,
        p.previsaoFormatura,
        p.inicioRestituicao,
        p.semestresTrancados,
        p.trancamentosConsecutivos,
        p.createdAt,
      );
    },
  };
}
