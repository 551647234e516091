import { Type } from '@sinclair/typebox';
import { Id, StrictObject } from '../../http/schemas.js';
import { REGIMES } from './installments.js';

const Amount = (description: string) => Type.Number({ description: `${description}; at most 2 decimals, exact` });
const IsoDate = (description: string) =>
  Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

export const InstallmentsQuery = StrictObject({
  brbId: Type.Optional(Id("A journey entry: its contract's schedule")),
  contratoId: Type.Optional(Id('A contract: its schedule from its signed addenda')),
  valor: Type.Optional(
    Type.String({
      pattern: '^\\d+(\\.\\d{1,2})?$',
      description: 'Explicit terms: amount credited in each month, e.g. 1000.00',
    }),
  ),
  meses: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 240, description: 'Explicit terms: number of credited months' }),
  ),
  mesesAteRestituicao: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 600,
      description: 'Explicit terms: m, months from the first credited month to the restitution start',
    }),
  ),
  inicio: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-(0[1-9]|1[0-2])(-\\d{2})?$',
      description: 'Explicit terms: first due date, yyyy-mm or yyyy-mm-dd',
    }),
  ),
  taxa: Type.Optional(
    Type.String({
      pattern: '^0?\\.\\d{1,8}$|^[01]$',
      description: 'Explicit terms: monthly fee rate (default 0.0035, CredIES)',
    }),
  ),
  regime: Type.Optional(
    Type.Union(
      REGIMES.map((r) => Type.Literal(r)),
      { description: 'Explicit terms: SIMPLES (default) or COMPOSTO accrual' },
    ),
  ),
});

export const InstallmentSchema = Type.Object(
  {
    numero: Type.Integer({ description: 'k, from 1, in the order the months were credited' }),
    vencimento: IsoDate('Due date: the restitution start plus k − 1 months'),
    mesCredito: Type.Union([
      Type.String({ description: 'Credited month (yyyy-mm) this installment repays' }),
      Type.Null(),
    ]),
    valorCreditado: Amount('v, the amount credited in that month'),
    taxa: Amount('Administrative fee in the installment (valor − valorCreditado)'),
    valor: Amount('v × (1 + r × (m + k − 1)), or v × (1 + r)^(m + k − 1) when COMPOSTO, half-up to the cent'),
  },
  { $id: 'RefundInstallment' },
);

export const InstallmentsOutSchema = Type.Object(
  {
    contratoId: Type.Union([Type.Integer(), Type.Null()], { description: 'null for explicit terms' }),
    taxaMensal: Type.Number({ description: 'r, the monthly fee rate' }),
    regime: Type.Union(REGIMES.map((r) => Type.Literal(r))),
    mesesAteRestituicao: Type.Integer({ description: 'm' }),
    inicioRestituicao: IsoDate('First due date'),
    parcelas: Type.Array(Type.Ref(InstallmentSchema)),
    totais: Type.Object({
      quantidade: Type.Integer({ description: 'Number of installments = credited months' }),
      valorCreditado: Amount('Sum credited'),
      taxa: Amount('Sum of fees'),
      valor: Amount('Sum of installments = valorCreditado + taxa'),
    }),
  },
  { $id: 'RefundInstallmentsOutDto', description: 'Refund installment schedule (DOMAIN.md, "Refund installments")' },
);

export const PaymentInSchema = StrictObject(
  {
    contratoId: Id('Contract paid'),
    parcela: Type.Integer({ minimum: 1, maximum: 1000, description: 'Installment number k' }),
    dataPagamento: IsoDate('When the student paid (yyyy-mm-dd); its month is the transfer competência'),
    valorPago: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description: 'Amount paid; default the installment value; must cover the fee',
      }),
    ),
  },
  { $id: 'RestitutionPaymentInDto' },
);

export const PaymentOutSchema = Type.Object(
  {
    id: Type.Integer(),
    contratoId: Type.Integer(),
    ieId: Type.Integer(),
    parcela: Type.Integer(),
    totalParcelas: Type.Integer(),
    valorParcela: Amount('Installment value from the schedule'),
    valorPago: Amount('Amount paid'),
    taxaRetida: Amount('Administrative fee kept by the foundation'),
    valorLiquido: Amount('Net to the IE: valorPago − taxaRetida'),
    dataPagamento: IsoDate('Payment date'),
    competencia: Type.String({ description: 'yyyy-mm of the transfer it feeds' }),
  },
  { $id: 'RestitutionPaymentOutDto' },
);

export const PaymentsBulkBody = StrictObject({
  pagamentos: Type.Array(Type.Ref(PaymentInSchema), { minItems: 1, maxItems: 10000 }),
});

export const refundsSchemas = [InstallmentSchema, InstallmentsOutSchema, PaymentInSchema, PaymentOutSchema];
