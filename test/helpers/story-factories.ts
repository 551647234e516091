import type { Db } from '../../src/db/database.js';
import type { Row, TipoSolicitacao } from '../../src/db/schema.js';
import type { TestEntry, TestIe } from './factories.js';

/**
 * Factories for a contract's story: requests (solicitacao), their tasks (tarefa), timeline events
 * and addenda (aditivo). Each takes the db first and the entry (brbId + process) it belongs to.
 */

type EntryRef = Pick<TestEntry, 'brbId' | 'processoId'>;

export async function createSolicitacao(
  db: Db,
  ie: Pick<TestIe, 'ieId'>,
  entry: EntryRef,
  options: {
    tipo?: TipoSolicitacao;
    status?: Row<'solicitacao'>['status'];
    motivoEspera?: string | null;
    dados?: Record<string, unknown>;
    criadaPor?: string;
    createdAt?: string;
    concluidaEm?: string | null;
  } = {},
): Promise<number> {
  const status = options.status ?? 'EM_ANDAMENTO';
  const { id } = await db
    .insertInto('solicitacao')
    .values({
      processo_id: entry.processoId,
      entrada_id: entry.brbId,
      ie_id: ie.ieId,
      tipo: options.tipo ?? 'ENVIO_VALORES',
      status,
      motivo_espera: options.motivoEspera ?? null,
      dados: JSON.stringify(options.dados ?? {}),
      criada_por: options.criadaPor ?? 'user-factory',
      ...(options.createdAt ? { created_at: new Date(options.createdAt) } : {}),
      concluida_em:
        options.concluidaEm !== undefined
          ? options.concluidaEm === null
            ? null
            : new Date(options.concluidaEm)
          : status === 'EM_ANDAMENTO'
            ? null
            : new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function createTarefa(
  db: Db,
  ie: Pick<TestIe, 'ieId'>,
  entry: EntryRef,
  solicitacaoId: number,
  options: {
    tipo?: Row<'tarefa'>['tipo'];
    status?: Row<'tarefa'>['status'];
    descricao?: string;
    dados?: Record<string, unknown>;
    createdAt?: string;
  } = {},
): Promise<number> {
  const status = options.status ?? 'PENDENTE';
  const { id } = await db
    .insertInto('tarefa')
    .values({
      solicitacao_id: solicitacaoId,
      processo_id: entry.processoId,
      ie_id: ie.ieId,
      tipo: options.tipo ?? 'TRANCAMENTO',
      status,
      descricao: options.descricao ?? 'Conferir documento',
      dados: JSON.stringify(options.dados ?? {}),
      ...(options.createdAt ? { created_at: new Date(options.createdAt) } : {}),
      concluida_em: status === 'CONCLUIDA' || status === 'CANCELADA' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function createEvento(
  db: Db,
  ie: Pick<TestIe, 'ieId'>,
  entry: EntryRef,
  options: {
    acao?: string;
    situacaoAnterior?: string | null;
    motivoAnterior?: string | null;
    situacaoNova?: string | null;
    motivoNovo?: string | null;
    usuario?: string;
    usuarioNome?: string | null;
    detalhes?: Record<string, unknown>;
    createdAt?: string;
  } = {},
): Promise<number> {
  const { id } = await db
    .insertInto('evento_timeline')
    .values({
      processo_id: entry.processoId,
      entrada_id: entry.brbId,
      ie_id: ie.ieId,
      acao: options.acao ?? 'ENVIO_VALORES',
      situacao_anterior: options.situacaoAnterior ?? null,
      motivo_anterior: options.motivoAnterior ?? null,
      situacao_nova: options.situacaoNova ?? null,
      motivo_novo: options.motivoNovo ?? null,
      usuario: options.usuario ?? 'user-factory',
      usuario_nome: options.usuarioNome ?? null,
      detalhes: JSON.stringify(options.detalhes ?? {}),
      ...(options.createdAt ? { created_at: new Date(options.createdAt) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function createAditivo(
  db: Db,
  ie: Pick<TestIe, 'ieId'>,
  entry: Pick<TestEntry, 'brbId'>,
  contratoId: number,
  options: {
    ano?: number;
    semestre?: number;
    status?: Row<'aditivo'>['status'];
    valor?: string;
    geradoEm?: string;
    assinadoEm?: string | null;
  } = {},
): Promise<number> {
  const { id } = await db
    .insertInto('aditivo')
    .values({
      contrato_id: contratoId,
      entrada_id: entry.brbId,
      ie_id: ie.ieId,
      ano: options.ano ?? 2026,
      semestre: options.semestre ?? 2,
      status: options.status ?? 'GERADO',
      valor: options.valor ?? '4500.00',
      ...(options.geradoEm ? { gerado_em: new Date(options.geradoEm) } : {}),
      assinado_em: options.assinadoEm ? new Date(options.assinadoEm) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
