import { type Kysely, sql } from 'kysely';

/**
 * Reference lists served by the list operations and used to validate codes in bodies. They are
 * data, not demo data: every database has them. Changing a list is a new migration.
 */
type Item = [codigo: string, descricao: string, dados?: Record<string, unknown>];

export const REFERENCE_LISTS: Record<string, Item[]> = {
  'tipo-situacao-matricula': [
    ['D', 'Trancamento de matrícula'],
    ['F', 'Afastamento'],
    ['E', 'Evasão'],
    ['S', 'Manutenção de vínculo'],
  ],
  'situacao-matricula': [
    ['A', 'Ativa'],
    ['T', 'Trancada'],
    ['F', 'Afastada'],
    ['E', 'Evadida'],
    ['C', 'Concluída'],
    ['I', 'Inativa'],
  ],
  'situacao-restituicao': [
    ['N', 'Não iniciada'],
    ['A', 'Antecipada'],
    ['P', 'Após a formatura'],
  ],
  // Reasons: numeric codes for withdrawal (F); bond-maintenance (S) reasons; dropout (E) takes free text.
  'motivo-situacao-matricula': [
    ['1', 'Tratamento de saúde', { tipo: 'F' }],
    ['2', 'Licença-maternidade ou paternidade', { tipo: 'F' }],
    ['3', 'Serviço militar obrigatório', { tipo: 'F' }],
    ['4', 'Intercâmbio acadêmico', { tipo: 'F' }],
    ['5', 'Mudança de domicílio', { tipo: 'F' }],
    ['6', 'Motivo profissional', { tipo: 'F' }],
    ['7', 'Dificuldade financeira', { tipo: 'F' }],
    ['ESTAGIO', 'Estágio obrigatório sem disciplinas', { tipo: 'S' }],
    ['TCC', 'Trabalho de conclusão de curso', { tipo: 'S' }],
    ['DEPENDENCIA', 'Somente disciplinas em dependência', { tipo: 'S' }],
    ['SEM_NECESSIDADE', 'Não precisa de crédito neste semestre', { tipo: 'S' }],
  ],
  'motivo-espera': [
    ['AGUARDANDO_DOCUMENTO_IE', 'Aguardando documento da IE'],
    ['AGUARDANDO_ESTUDANTE', 'Aguardando ação do estudante'],
    ['EM_ANALISE_FUNDACAO', 'Em análise pela fundação'],
    ['AGUARDANDO_ASSINATURA', 'Aguardando assinatura do aditivo'],
    ['AGUARDANDO_SUPORTE', 'Aguardando atendimento do suporte'],
  ],
  // The "Mais Ações" situations an IE user may pick; statusTypeIds are the journey-entry
  // situations each applies from (DOMAIN.md transitions); exclusaoCancelamento marks the
  // deletion/cancellation types.
  'situacao-acao': [
    ['TRANCAMENTO', 'Trancamento de matrícula', { statusTypeIds: ['APTO', 'MANUTENCAO_VINCULO', 'SEM_RENOVACAO'] }],
    ['AFASTAMENTO_EVASAO', 'Afastamento ou evasão', { statusTypeIds: ['APTO', 'MANUTENCAO_VINCULO', 'SEM_RENOVACAO'] }],
    ['MANUTENCAO_VINCULO', 'Manutenção de vínculo', { statusTypeIds: ['APTO', 'SEM_RENOVACAO'] }],
    ['REVISAO_ANALISE', 'Revisão da análise', { statusTypeIds: ['SEM_RENOVACAO', 'EM_PROCESSAMENTO'] }],
    ['ENVIO_VALORES', 'Envio de valores', { statusTypeIds: ['APTO', 'EM_PROCESSAMENTO', 'SEM_RENOVACAO'] }],
    [
      'INATIVAR_ESTUDANTE',
      'Inativar estudante',
      {
        statusTypeIds: [
          'APTO',
          'EM_PROCESSAMENTO',
          'REVISAO_ANALISE',
          'AGUARDANDO_ASSINATURA',
          'FINALIZADO',
          'SEM_RENOVACAO',
          'MANUTENCAO_VINCULO',
        ],
      },
    ],
    [
      'CANCELAR_CONTRATO',
      'Cancelamento de contrato',
      {
        exclusaoCancelamento: true,
        statusTypeIds: [
          'APTO',
          'EM_PROCESSAMENTO',
          'REVISAO_ANALISE',
          'AGUARDANDO_ASSINATURA',
          'FINALIZADO',
          'SEM_RENOVACAO',
          'MANUTENCAO_VINCULO',
        ],
      },
    ],
    [
      'EXCLUIR_CONTRATO',
      'Exclusão de contrato',
      {
        exclusaoCancelamento: true,
        statusTypeIds: [
          'APTO',
          'EM_PROCESSAMENTO',
          'REVISAO_ANALISE',
          'AGUARDANDO_ASSINATURA',
          'SEM_RENOVACAO',
          'MANUTENCAO_VINCULO',
        ],
      },
    ],
  ],
  'tipo-jornada': [
    ['RENOVACAO', 'Renovação semestral: todos os contratos ativos da IE'],
    ['REGULARIZACAO', 'Regularização: contratos não renovados no período anterior'],
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = Object.entries(REFERENCE_LISTS).flatMap(([lista, items]) =>
    items.map(([codigo, descricao, dados], ordem) => ({
      lista,
      codigo,
      descricao,
      ordem,
      dados: JSON.stringify(dados ?? {}),
    })),
  );
  await sql`
    insert into lista_referencia (lista, codigo, descricao, ordem, dados)
    select * from unnest(
      ${rows.map((r) => r.lista)}::text[], ${rows.map((r) => r.codigo)}::text[], ${rows.map((r) => r.descricao)}::text[],
      ${rows.map((r) => r.ordem)}::int[], ${rows.map((r) => r.dados)}::jsonb[])`.execute(db);
}
