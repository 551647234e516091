import { Type } from '@sinclair/typebox';
import { Id, Page, Paging, StrictObject } from '../../http/schemas.js';
import { PROCESSAMENTOS } from '../values/values.tables.js';

export const LoteParams = StrictObject({ loteId: Id('Batch (lote) id') });
export const BrbIdParams = StrictObject({ brbId: Id('Journey entry id') });

const linhas = Type.Optional(
  Type.Array(Type.Integer({ minimum: 1 }), {
    minItems: 1,
    maxItems: 100000,
    uniqueItems: true,
    description: 'Row numbers to decide; absent: every row still waiting (AGUARDANDO)',
  }),
);

export const AcceptBody = StrictObject({ linhas });
export const RejectBody = StrictObject({
  motivo: Type.String({ minLength: 3, maxLength: 500, description: 'Why; shown to the IE and on each timeline' }),
  linhas,
});

export const DecisionOutSchema = Type.Object(
  {
    lote: Type.Integer(),
    decisao: Type.Union([Type.Literal('ACEITO'), Type.Literal('RECUSADO')]),
    linhasDecididas: Type.Integer({ description: 'Rows accepted or rejected by this call' }),
    descartadas: Type.Array(
      Type.Object({ linha: Type.Integer(), brbId: Type.Union([Type.Integer(), Type.Null()]), motivo: Type.String() }),
      { description: 'Rows whose entry had left EM_PROCESSAMENTO/REVISAO_ANALISE: closed without effect' },
    ),
    aguardando: Type.Integer({ description: 'Rows of the batch still waiting' }),
    aceitas: Type.Integer(),
    recusadas: Type.Integer(),
    statusLote: Type.Union([Type.Literal('EM_PROCESSAMENTO'), Type.Literal('PROCESSADO')]),
  },
  { $id: 'BatchDecisionOutDto' },
);

export const SignatureBody = StrictObject({
  assinadoEm: Type.Optional(
    Type.String({ format: 'date-time', description: 'When the student signed: not in the future (422); default now' }),
  ),
});

export const SignatureOutSchema = Type.Object(
  {
    brbId: Type.Integer(),
    situacao: Type.String({ description: 'FINALIZADO' }),
    aditivo: Type.Object({
      id: Type.Integer(),
      status: Type.String(),
      valor: Type.Number({ description: 'Credited amount of the semester; at most 2 decimals' }),
      geradoEm: Type.String({ format: 'date-time' }),
      assinadoEm: Type.String({ format: 'date-time' }),
    }),
  },
  { $id: 'SignatureOutDto' },
);

export const BatchQuery = StrictObject({
  processamento: Type.Optional(Type.Union(PROCESSAMENTOS.map((p) => Type.Literal(p)))),
  pagina: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  tamanhoPagina: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const NullableNumber = (description: string) => Type.Union([Type.Number({ description }), Type.Null()]);

/** CHECKS: what the send already verified on a row that waits for the foundation (labels in the portal). */
export const CHECKS = [
  'ESTUDANTE_DA_IE',
  'JORNADA_ABERTA',
  'SEM_DUPLICIDADE',
  'SITUACAO_PERMITIDA',
  'JA_AGUARDAVA_FUNDACAO',
  'CURSO_CONFERE',
  'MESES_DO_SEMESTRE',
  'REENVIO',
] as const;

/** What the foundation decides on, per row (joined from the entry, student, course and contract). */
const decisionFields = {
  ieSigla: Nullable(Type.String()),
  nomeEstudante: Nullable(Type.String()),
  cpf: Nullable(Type.String({ description: '11 digits' })),
  curso: Nullable(Type.String()),
  ano: Type.Union([Type.Integer(), Type.Null()]),
  semestre: Type.Union([Type.Integer(), Type.Null()]),
  numeroContrato: Nullable(Type.String({ description: 'The contract number as shown to people (2025.000001445)' })),
  percentualConcedido: NullableNumber('Credited share, 0 < p ≤ 100'),
  valorCtrPrestServico: NullableNumber('Full service-contract value of the semester'),
  qtdParcelasCobertura: Type.Union([Type.Integer(), Type.Null()]),
  parcMeses: Nullable(Type.String()),
  situacaoAnterior: Nullable(Type.String({ description: 'The entry situation when the values were sent' })),
  motivoReenvio: Nullable(Type.String()),
  verificacoes: Type.Array(Type.Unsafe<(typeof CHECKS)[number]>({ type: 'string', enum: [...CHECKS] }), {
    description: 'Checks the send already ran and passed on the row (its errors are in erros)',
  }),
};

export const OperatorBatchListQuery = StrictObject({
  ieId: Type.Optional(Id('Only batches of this IE')),
  status: Type.Optional(
    Type.Union([Type.Literal('EM_PROCESSAMENTO'), Type.Literal('PROCESSADO')], {
      description: 'EM_PROCESSAMENTO: rows wait for the foundation',
    }),
  ),
  de: Type.Optional(Type.String({ format: 'date', description: 'Sent on or after this day (yyyy-mm-dd, São Paulo)' })),
  ate: Type.Optional(
    Type.String({ format: 'date', description: 'Sent on or before this day (yyyy-mm-dd, São Paulo)' }),
  ),
  ...Paging,
});

export const OperatorBatchSchema = Type.Object(
  {
    loteId: Type.Integer(),
    status: Type.String({ description: 'EM_PROCESSAMENTO or PROCESSADO' }),
    fonte: Type.String({ description: 'API, PLANILHA or ENVIO_UNICO' }),
    reenvio: Type.Boolean(),
    enviadoPor: Type.Object({ sub: Type.String(), nome: Type.Union([Type.String(), Type.Null()]) }),
    enviadoEm: Type.String({ format: 'date-time' }),
    ies: Type.Array(Type.Object({ id: Type.Integer(), nome: Type.String(), sigla: Type.String() })),
    total: Type.Integer({ description: 'Rows sent' }),
    erro: Type.Integer({ description: 'Rows refused by the send' }),
    aguardando: Type.Integer({ description: "Rows waiting for the foundation's decision" }),
    aceitas: Type.Integer(),
    recusadas: Type.Integer(),
  },
  { $id: 'OperatorBatch' },
);
export const OperatorBatchPageSchema = Page(Type.Ref(OperatorBatchSchema), 'OperatorBatchPage');

export const BatchOutSchema = Type.Object(
  {
    id: Type.Integer(),
    origem: Type.String(),
    reenvio: Type.Boolean(),
    criadoPor: Type.String(),
    criadoEm: Type.String({ format: 'date-time' }),
    arquivo: Type.Union([Type.String(), Type.Null()]),
    status: Type.String({ description: 'EM_PROCESSAMENTO while rows wait for the foundation; PROCESSADO after' }),
    total: Type.Integer(),
    sucesso: Type.Integer(),
    erro: Type.Integer(),
    pendente: Type.Integer({
      description:
        'Rows sent while the entry already waited for the foundation (resultado PENDENTE); not the rows to decide',
    }),
    aguardando: Type.Integer({ description: "Rows waiting for the foundation's decision (processamento AGUARDANDO)" }),
    aceitas: Type.Integer(),
    recusadas: Type.Integer(),
    linhasFiltradas: Type.Integer({ description: 'Rows matching the processamento filter, over all pages' }),
    linhas: Type.Array(
      Type.Object({
        linha: Type.Integer(),
        brbId: Type.Union([Type.Integer(), Type.Null()]),
        ieId: Type.Union([Type.Integer(), Type.Null()]),
        resultado: Type.String(),
        erros: Type.Array(Type.Object({ campo: Type.String(), regra: Type.String(), mensagem: Type.String() })),
        processamento: Type.String(),
        motivoRecusa: Type.Union([Type.String(), Type.Null()]),
        valorContrato: Type.Union([Type.Number(), Type.Null()]),
        aditivoId: Type.Union([Type.Integer(), Type.Null()]),
        ...decisionFields,
      }),
    ),
  },
  { $id: 'BatchOutDto' },
);

export const PendingQuery = StrictObject({
  ieId: Type.Optional(Id('Only this IE')),
  pagina: Paging.pagina,
  tamanho: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Page size, 1 to 200' })),
});

export const PendingOutSchema = Type.Object(
  {
    porIe: Type.Array(
      Type.Object({
        ieId: Type.Integer(),
        sigla: Type.String(),
        nome: Type.String(),
        total: Type.Integer(),
        diasMaisAntigo: Type.Integer({ description: 'Days the oldest addendum of the IE has waited' }),
      }),
      { description: 'Every IE with addenda waiting (whatever the ieId filter)' },
    ),
    itens: Type.Array(
      Type.Object({
        brbId: Type.Integer(),
        nomeEstudante: Type.String(),
        cpf: Type.String(),
        ieId: Type.Integer(),
        ieSigla: Type.String(),
        numeroContrato: Type.String(),
        ano: Type.Integer(),
        semestre: Type.Integer(),
        aditivoId: Type.Integer(),
        valor: Type.Number({ description: 'Credited amount of the semester; at most 2 decimals' }),
        geradoEm: Type.String({ format: 'date-time' }),
        diasAguardando: Type.Integer({ description: 'São Paulo days since the addendum was generated' }),
      }),
    ),
    pagina: Type.Integer(),
    tamanho: Type.Integer(),
    total: Type.Integer(),
    totalPaginas: Type.Integer(),
  },
  { $id: 'OperatorPendingSignatures' },
);

export const SignManyBody = StrictObject({
  brbIds: Type.Array(Id('Journey entry id'), { minItems: 1, maxItems: 500, uniqueItems: true }),
  assinadoEm: SignatureBody.properties.assinadoEm,
});

export const SignManyOutSchema = Type.Object(
  {
    assinados: Type.Integer(),
    recusados: Type.Integer(),
    resultados: Type.Array(
      Type.Object({
        brbId: Type.Integer(),
        resultado: Type.Union([Type.Literal('ASSINADO'), Type.Literal('RECUSADO')]),
        mensagem: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  },
  { $id: 'OperatorSignManyOut' },
);

export const IeListOutSchema = Type.Object(
  { itens: Type.Array(Type.Object({ id: Type.Integer(), sigla: Type.String(), nome: Type.String() })) },
  { $id: 'OperatorIeList' },
);

export const operatorSchemas = [
  IeListOutSchema,
  PendingOutSchema,
  SignManyOutSchema,
  DecisionOutSchema,
  SignatureOutSchema,
  BatchOutSchema,
  OperatorBatchSchema,
  OperatorBatchPageSchema,
];
