import { Type } from '@sinclair/typebox';
import { Id, StrictObject } from '../../http/schemas.js';
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
    pendente: Type.Integer(),
    aceitas: Type.Integer(),
    recusadas: Type.Integer(),
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
      }),
    ),
  },
  { $id: 'BatchOutDto' },
);

export const operatorSchemas = [DecisionOutSchema, SignatureOutSchema, BatchOutSchema];
