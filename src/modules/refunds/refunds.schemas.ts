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
    valor: Amount(
      'v × (1 + r × (m + k − 1)), or v × (1 + r)^(m + k − 1) when COMPOSTO, half-up to the cent; an installment with ' +
        'payments keeps the value recorded with them (a forecast change recomputes only the others)',
    ),
    valorPago: Type.Optional(Amount("A contract's schedule: paid on this installment so far")),
    saldo: Type.Optional(Amount("A contract's schedule: valor − valorPago")),
    status: Type.Optional(
      Type.Union([Type.Literal('ABERTA'), Type.Literal('PARCIAL'), Type.Literal('PAGA')], {
        description: "A contract's schedule: nothing paid, paid in part, or paid",
      }),
    ),
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
      pago: Type.Optional(Amount("A contract's schedule: sum paid")),
      saldo: Type.Optional(Amount("A contract's schedule: open balance (valor − pago)")),
    }),
  },
  { $id: 'RefundInstallmentsOutDto', description: 'Refund installment schedule (DOMAIN.md, "Refund installments")' },
);

export const PaymentInSchema = StrictObject(
  {
    contratoId: Id('Contract paid'),
    parcela: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        description:
          'Installment number k; optional, and when given it must be the oldest open installment (payments go in order)',
      }),
    ),
    dataPagamento: IsoDate(
      'When the student paid (yyyy-mm-dd): not after today (America/Sao_Paulo), not before the restitution start. ' +
        'Its month is the transfer competência while open, else the open month in which it is recorded',
    ),
    valorPago: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description:
          "Amount paid; default the oldest open installment's balance. Less leaves the installment PARCIAL; more goes " +
          "on to the next installments; more than the contract's open balance is 422",
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
    valorParcela: Amount('Value of the first installment paid'),
    valorPago: Amount('Amount paid (every part)'),
    taxaRetida: Amount('Administrative fee kept by the foundation (every part)'),
    valorLiquido: Amount('Net to the IE: valorPago − taxaRetida'),
    dataPagamento: IsoDate('Payment date'),
    competencia: Type.String({ description: 'yyyy-mm of the transfer it feeds' }),
    alocacoes: Type.Array(
      Type.Object({
        id: Type.Integer(),
        parcela: Type.Integer(),
        valorParcela: Amount('Installment value'),
        valorPago: Amount('Part of the payment on this installment'),
        taxaRetida: Amount('Fee retained from this part (the fee is retained first)'),
        valorLiquido: Amount('Net to the IE from this part'),
        saldoParcela: Amount("The installment's balance after this part"),
        status: Type.Union([Type.Literal('PARCIAL'), Type.Literal('PAGA')]),
      }),
      { description: 'The installments the payment went to, oldest first' },
    ),
    saldoContrato: Amount("The contract's open balance after this payment"),
  },
  { $id: 'RestitutionPaymentOutDto' },
);

export const PaymentsBulkBody = StrictObject({
  pagamentos: Type.Array(Type.Ref(PaymentInSchema), { minItems: 1, maxItems: 10000 }),
});

export const refundsSchemas = [InstallmentSchema, InstallmentsOutSchema, PaymentInSchema, PaymentOutSchema];
