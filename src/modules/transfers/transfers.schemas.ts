import { Type } from '@sinclair/typebox';
import { Id, StrictObject } from '../../http/schemas.js';
import { ExportQuery } from '../exports/export.http.js';

const COMPETENCIA = '^(19|20)\\d{2}-(0[1-9]|1[0-2])$';
const Amount = (description: string) => Type.Number({ description: `${description}; at most 2 decimals, exact` });

export const CompetenciaParams = StrictObject({
  competencia: Type.String({ pattern: COMPETENCIA, description: 'Month, yyyy-mm (years 1900–2099)' }),
});
export const TransferQuery = StrictObject({
  ieId: Type.Optional(Id("Only this IE (one of the caller's)")),
  ...ExportQuery,
});

const Totals = Type.Object({
  quantidade: Type.Integer({ description: 'Payments' }),
  bruto: Amount('Sum paid by the students'),
  taxa: Amount('Administrative fee kept by the foundation'),
  liquido: Amount('bruto − taxa'),
  ajustes: Amount('Sum of adjustments (negative deducts)'),
  aRepassar: Amount('liquido + ajustes: what the IE receives'),
});

export const TransferOutSchema = Type.Object(
  {
    competencia: Type.String({ description: 'yyyy-mm' }),
    fechado: Type.Boolean({
      description:
        'Closed months never change: closed by the foundation, or by itself on the 5th day of the next month (America/Sao_Paulo)',
    }),
    fechadoEm: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    ies: Type.Array(
      Type.Object({
        ieId: Type.Integer(),
        nome: Type.String(),
        pagamentos: Type.Array(
          Type.Object({
            id: Type.Integer(),
            contratoId: Type.Integer(),
            contrato: Type.String({ description: 'Contract number' }),
            estudante: Type.String(),
            parcela: Type.String({ description: 'k/N' }),
            numeroParcela: Type.Integer(),
            totalParcelas: Type.Integer(),
            dataPagamento: Type.String({ description: 'yyyy-mm-dd' }),
            valorPago: Amount('Paid'),
            taxaRetida: Amount('Fee retained'),
            valorLiquido: Amount('Net to the IE'),
          }),
        ),
        ajustes: Type.Array(
          Type.Object({
            id: Type.Integer(),
            descricao: Type.String(),
            valor: Amount('Adjustment'),
            pagamentoId: Type.Union([Type.Integer(), Type.Null()]),
            registradoEm: Type.String({ format: 'date-time' }),
            competenciaReferencia: Type.Union([Type.String(), Type.Null()], {
              description: 'yyyy-mm the adjustment refers to, when that month was closed and it was recorded here',
            }),
          }),
        ),
        totais: Totals,
      }),
    ),
    totais: Totals,
  },
  { $id: 'MonthlyTransferOutDto', description: 'Consolidated monthly transfer (repasse) per IE' },
);

export const AdjustmentBody = StrictObject({
  ieId: Id('IE receiving the adjustment'),
  competencia: Type.String({
    pattern: COMPETENCIA,
    description:
      'Month it applies to, yyyy-mm (not after the current month); when that month is closed, the adjustment is recorded ' +
      'in the current month and keeps this one as competenciaReferencia',
  }),
  valor: Type.Number({ description: 'Amount, non-zero, at most 2 decimals; negative deducts' }),
  descricao: Type.String({ minLength: 3, maxLength: 500, description: 'The reason (required, not blank)' }),
  pagamentoId: Type.Optional(Id('Payment it corrects, if any')),
});

export const AdjustmentOutSchema = Type.Object(
  {
    id: Type.Integer(),
    ieId: Type.Integer(),
    competencia: Type.String({ description: 'yyyy-mm of the transfer it went into' }),
    competenciaReferencia: Type.Union([Type.String(), Type.Null()], {
      description: 'yyyy-mm asked for, when that month was closed',
    }),
    valor: Amount('Adjustment'),
    descricao: Type.String(),
    pagamentoId: Type.Union([Type.Integer(), Type.Null()]),
    registradoEm: Type.String({ format: 'date-time' }),
  },
  { $id: 'TransferAdjustmentOutDto' },
);

export const CloseOutSchema = Type.Object(
  {
    competencia: Type.String({ description: 'yyyy-mm' }),
    fechado: Type.Literal(true),
    fechadoEm: Type.String({ format: 'date-time' }),
    fechadoPor: Type.String({ description: 'The operator (sub) who closed it' }),
  },
  { $id: 'TransferMonthClosedDto' },
);

export const HistoryQuery = StrictObject({
  ieId: Id("The IE (one of the caller's)"),
  meses: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 12, description: 'How many months, 1 to 60' })),
  ate: Type.Optional(
    Type.String({ pattern: COMPETENCIA, description: 'Last month, yyyy-mm (default: the current month, São Paulo)' }),
  ),
  ...ExportQuery,
});

export const HistoryOutSchema = Type.Object(
  {
    ieId: Type.Integer(),
    nome: Type.String(),
    meses: Type.Array(
      Type.Object({
        competencia: Type.String({ description: 'yyyy-mm' }),
        fechado: Type.Boolean(),
        quantidade: Type.Integer({ description: 'Payments' }),
        bruto: Amount('Paid by the students'),
        taxa: Amount('Fee retained'),
        liquido: Amount('bruto − taxa'),
        ajustes: Amount('Sum of adjustments'),
        aRepassar: Amount('liquido + ajustes'),
      }),
      { description: 'Oldest first; months without movement as zeros' },
    ),
  },
  { $id: 'TransferHistoryOutDto' },
);

export const transfersSchemas = [TransferOutSchema, AdjustmentOutSchema, CloseOutSchema, HistoryOutSchema];
