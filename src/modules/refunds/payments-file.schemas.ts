import { Type } from '@sinclair/typebox';
import { Id, StrictObject } from '../../http/schemas.js';

const Amount = (description: string) => Type.Number({ description: `${description}; at most 2 decimals, exact` });
const Nullable = (description: string) => Type.Union([Type.String({ description }), Type.Null()]);

export const ContractSearchQuery = StrictObject({
  busca: Type.String({
    minLength: 1,
    maxLength: 200,
    description: "The contract number as shown (2025.000001445), the student's CPF (masked or not) or part of the name",
  }),
});

export const ContractSearchOutSchema = Type.Object(
  {
    itens: Type.Array(
      Type.Object({
        contratoId: Type.Integer({ description: 'Internal id, for the payment operations' }),
        numeroContrato: Type.String(),
        nomeEstudante: Type.String(),
        cpf: Type.String({ description: '11 digits' }),
        ie: Type.Object({ id: Type.Integer(), sigla: Type.String() }),
        inicioRestituicao: Type.String({ format: 'date' }),
        totalParcelas: Type.Integer(),
        proximaParcela: Type.Union([
          Type.Object({ numero: Type.Integer(), valor: Amount('Installment value'), saldo: Amount('Open balance') }),
          Type.Null(),
        ]),
        saldoAberto: Amount("The contract's open balance"),
      }),
      { maxItems: 20 },
    ),
  },
  { $id: 'RestitutionContractSearch' },
);

export const PaymentPreviewOutSchema = Type.Object(
  {
    contratoId: Type.Integer(),
    numeroContrato: Type.String(),
    dataPagamento: Type.String({ format: 'date' }),
    valorPago: Amount('Amount the payment would record'),
    saldoAntes: Amount("The contract's open balance now"),
    saldoDepois: Amount("The contract's open balance after the payment"),
    alocacoes: Type.Array(
      Type.Object({
        parcela: Type.Integer(),
        valorParcela: Amount('Installment value'),
        valorPago: Amount('Part of the payment on this installment'),
        saldoParcela: Amount("The installment's balance after this part"),
        status: Type.Union([Type.Literal('PARCIAL'), Type.Literal('PAGA')]),
      }),
    ),
  },
  { $id: 'RestitutionPaymentPreview' },
);

export const PaymentFileOutSchema = Type.Object(
  {
    arquivoId: Type.Integer(),
    nome: Type.String(),
    sha256: Type.String(),
    mesmoArquivoAnterior: Type.Union(
      [Type.Object({ arquivoId: Type.Integer(), enviadoEm: Type.String({ format: 'date-time' }) }), Type.Null()],
      { description: 'The first import of a file with the same content, if any (its rows are JA_REGISTRADO now)' },
    ),
    total: Type.Integer(),
    registradas: Type.Integer(),
    recusadas: Type.Integer(),
    jaRegistradas: Type.Integer({ description: 'Rows an earlier file already recorded: nothing recorded twice' }),
    linhas: Type.Array(
      Type.Object({
        linha: Type.Integer({ description: 'Row number in the file; the header is row 1' }),
        contrato: Nullable('Contract number as in the file'),
        cpf: Nullable('CPF as in the file'),
        dataPagamento: Nullable('Date as in the file'),
        valor: Nullable('Amount as in the file'),
        contratoId: Type.Union([Type.Integer(), Type.Null()]),
        resultado: Type.Union([Type.Literal('REGISTRADO'), Type.Literal('RECUSADO'), Type.Literal('JA_REGISTRADO')]),
        mensagem: Type.Union([Type.String(), Type.Null()], { description: 'Why refused, or where it was recorded' }),
        pagamento: Type.Union([Type.Ref('RestitutionPaymentOutDto'), Type.Null()]),
      }),
    ),
  },
  { $id: 'RestitutionPaymentFileOut' },
);

export const PaymentFileParams = StrictObject({ arquivoId: Id('Payments file id') });

export const paymentFileSchemas = [ContractSearchOutSchema, PaymentPreviewOutSchema, PaymentFileOutSchema];
