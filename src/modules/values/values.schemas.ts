import { type Static, Type } from '@sinclair/typebox';
import { Id, StrictObject } from '../../http/schemas.js';
import { PROCESSAMENTOS, RESULTADOS } from './values.tables.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const optional = {
  string: (description: string) =>
    Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()], { description })),
  integer: (description: string) => Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description })),
  number: (description: string) => Type.Optional(Type.Union([Type.Number(), Type.Null()], { description })),
};
const MONEY_NOTE = 'JSON number with at most 2 decimals, read exactly (never through float arithmetic)';

/** Interface 2.6 `valores[]` item. Types are checked here; the rules are checked per row (row errors). */
export const FillValuesInSchema = StrictObject(
  {
    brbId: optional.integer('Journey entry id (required in practice: a row without it is a row error)'),
    nomeEstudante: optional.string("Student's name (informative; not checked)"),
    qtdParcelasCobertura: optional.integer(
      'Monthly installments covered by the credit: 1..6 for a semester, 1..12 when contratoAnual is S',
    ),
    qtdCreditos: optional.integer('Credits (course units) taken in the semester, 0..1000'),
    valorContrato: optional.number(
      `Credited amount of the semester: valorCtrPrestServico × percentualConcedido / 100 within one cent; ${MONEY_NOTE}`,
    ),
    valorCtrPrestServico: optional.number(`Full service-contract value of the semester, > 0; ${MONEY_NOTE}`),
    percentualConcedido: optional.number('Credited share, 0 < p ≤ 100, at most 4 decimals'),
    parcMeses: optional.string(
      'Covered months, separated by commas: "7,8,9" or "07/2026,08/2026"; when given, as many as qtdParcelasCobertura',
    ),
    idCurso: optional.integer("Course id; when given it must be the student's course"),
    regimeContrato: optional.string('Contract regime (informative)'),
    contratoAnual: optional.string('S (annual contract: up to 12 installments) or N; also true/false'),
    motivoReenvio: optional.string('Why the values are sent again (reenvio)'),
    motivo: optional.string('Free note'),
    serieSemestre: optional.string('Series/semester of the course (informative)'),
  },
  {
    $id: 'FillValuesInDto',
    description:
      "A student's semester values. Every field is optional in the schema (interface 2.6); brbId, qtdParcelasCobertura, " +
      'valorContrato, valorCtrPrestServico and percentualConcedido are required by the rules, and a row missing one is a row error.',
  },
);
export type FillValuesIn = Static<typeof FillValuesInSchema>;

export const EnrollmentLockInSchema = StrictObject(
  {
    brbId: Id('Entry returning from an enrolment lock; must be one of valores'),
    dataOcorrido: Type.String({ pattern: '^\\d{2}-\\d{2}-\\d{4}$', description: 'Return date, dd-mm-yyyy' }),
    caminhoArquivo: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'Supporting document path' }))),
  },
  {
    $id: 'EnrollmentLockInDto',
    description:
      'End of an enrolment lock sent with the values: applies when the brbId was SEM_RENOVACAO/TRANCAMENTO and its row ' +
      "succeeds; it is written on the entry's timeline and ends the contract's run of consecutive locks.",
  },
);

const valores = Type.Array(Type.Ref(FillValuesInSchema), {
  minItems: 1,
  maxItems: 5000,
  description: 'One row per student; row numbers count from 1 in this order',
});

export const SendValuesV3Body = StrictObject(
  {
    reenvio: Type.Optional(
      Type.Boolean({
        description:
          'true: send again, replacing values still being processed (entries in APTO or EM_PROCESSAMENTO); ignored by alterar-status',
      }),
    ),
    valores,
    dadosTrancamento: Type.Optional(Type.Ref(EnrollmentLockInSchema)),
  },
  { $id: 'SendValuesV3InDto', description: 'Interface 2.6' },
);

export const SendValuesV2Body = StrictObject(
  {
    reenvio: Type.Optional(Type.Boolean({ description: 'true: replace values still being processed' })),
    valores,
  },
  { $id: 'SendValuesV2InDto', description: 'A list of FillValuesInDto, sent as one batch' },
);

export const RowErrorSchema = Type.Object(
  {
    campo: Type.String({ description: 'FillValuesInDto field (sheet column) at fault' }),
    regra: Type.String({
      description:
        'Rule: OBRIGATORIO, FORMATO, FAIXA (range), VALOR_CONTRATO, PARC_MESES, NAO_ENCONTRADO, DUPLICADO, CURSO, ' +
        'SITUACAO (entry not in a state that takes values), EM_ANDAMENTO (values already in processing)',
    }),
    mensagem: Type.String(),
  },
  { $id: 'ValuesRowError' },
);

export const RowOutcomeSchema = Type.Object(
  {
    linha: Type.Integer({
      description: 'Row number: position in valores (from 1), or the sheet row (header is row 1)',
    }),
    brbId: Type.Union([Type.Integer(), Type.Null()]),
    resultado: Type.Union(
      RESULTADOS.map((r) => Type.Literal(r)),
      {
        description:
          "SUCESSO: entry moved to EM_PROCESSAMENTO; PENDENTE: entry under the foundation's review (REVISAO_ANALISE), the values wait for its decision; ERRO: see erros",
      },
    ),
    erros: Type.Array(Type.Ref(RowErrorSchema)),
  },
  { $id: 'ValuesRowOutcome' },
);

const batchFields = {
  registrosComSucesso: Type.Integer({ description: 'Rows accepted (entry now EM_PROCESSAMENTO)' }),
  registrosComErro: Type.Integer({ description: 'Rows refused; each is listed in linhasComErro' }),
  registrosPendentes: Type.Integer({
    description: 'Rows waiting for the foundation; listed in linhasPendenteFundacred',
  }),
  erro: Type.String({ description: 'Empty when every row was accepted; else a summary' }),
  linhasComErro: Type.Array(Type.String(), {
    description: '"Row N (brbId X): field message [RULE]", one per refused row',
  }),
  linhasPendenteFundacred: Type.Array(Type.String()),
  lote: Type.Integer({ description: 'Batch id' }),
};

/** Result of a batch (the `alterar` ENVIO_VALORES response's `envio-valores` and the v2 send response). */
export const FillValuesOutSchema = Type.Object(
  { ...batchFields, resultados: Type.Array(Type.Ref(RowOutcomeSchema), { description: "Every row's outcome" }) },
  { $id: 'FillValuesOutDto', description: 'Outcome of a values batch, row by row' },
);

export const ResultOutSchema = Type.Object(
  {
    resultado: Type.Union([Type.Literal('OK'), Type.Literal('ERRO'), Type.Literal('NAO_INFORMADO')], {
      description: 'NAO_INFORMADO when no dadosTrancamento was sent',
    }),
    erro: Type.String({ description: 'Why it did not apply; empty when OK' }),
  },
  { $id: 'ResultOutDto', description: 'Outcome of the dadosTrancamento part' },
);

/** Interface 2.6 response, exactly its fields. */
export const SendValuesV3OutSchema = Type.Object(
  { ...batchFields, trancamento: Type.Ref(ResultOutSchema) },
  { $id: 'SendValuesV3OutDto', description: 'Interface 2.6 response' },
);

export const ImportOutSchema = Type.Object(
  {
    ...batchFields,
    arquivo: Type.Object({
      nome: Type.String(),
      formato: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
      linhas: Type.Integer({ description: 'Data rows read (blank rows skipped)' }),
      codificacao: Type.Optional(
        Type.Union([Type.Literal('utf-8'), Type.Literal('windows-1252')], {
          description:
            'CSV only: the encoding the file was read in (a file that is not valid UTF-8 is read as Windows-1252, as Excel pt-BR saves it)',
        }),
      ),
    }),
  },
  { $id: 'ImportValuesOutDto', description: 'Outcome of a sheet import (one batch)' },
);

const ValuesSentSchema = Type.Object({
  lote: Type.Integer(),
  linha: Type.Integer(),
  origem: Type.String({
    description: 'Door: V3_ENVIAR_VALORES, V3_ALTERAR_STATUS, V2_ENVIAR, V2_ALTERAR, PREVISAO_FORMATURA, PLANILHA',
  }),
  reenvio: Type.Boolean(),
  enviadoEm: Type.String({ format: 'date-time' }),
  enviadoPor: Type.String(),
  resultado: Type.Union(RESULTADOS.map((r) => Type.Literal(r))),
  erros: Type.Array(Type.Ref(RowErrorSchema)),
  processamento: Type.Union(
    PROCESSAMENTOS.map((p) => Type.Literal(p)),
    {
      description:
        "The foundation's decision: AGUARDANDO, ACEITO, RECUSADO; SUBSTITUIDO by a resend; NAO_APLICAVEL for refused rows",
    },
  ),
  motivoRecusa: Type.Union([Type.String(), Type.Null()]),
  processadoEm: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  aditivo: Type.Union([
    Type.Object({
      id: Type.Integer(),
      status: Type.String(),
      valor: Type.Number(),
      geradoEm: Type.String({ format: 'date-time' }),
      assinadoEm: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
    Type.Null(),
  ]),
  valores: Type.Object({
    nomeEstudante: Type.Union([Type.String(), Type.Null()]),
    qtdParcelasCobertura: Type.Union([Type.Integer(), Type.Null()]),
    qtdCreditos: Type.Union([Type.Integer(), Type.Null()]),
    valorContrato: Type.Union([Type.Number(), Type.Null()]),
    valorCtrPrestServico: Type.Union([Type.Number(), Type.Null()]),
    percentualConcedido: Type.Union([Type.Number(), Type.Null()]),
    parcMeses: Type.Union([Type.String(), Type.Null()]),
    idCurso: Type.Union([Type.Integer(), Type.Null()]),
    regimeContrato: Type.Union([Type.String(), Type.Null()]),
    contratoAnual: Type.Union([Type.Boolean(), Type.Null()]),
    motivoReenvio: Type.Union([Type.String(), Type.Null()]),
    motivo: Type.Union([Type.String(), Type.Null()]),
    serieSemestre: Type.Union([Type.String(), Type.Null()]),
  }),
});

export const ValuesOfEntrySchema = Type.Object(
  {
    brbId: Type.Integer(),
    idProcesso: Type.Integer(),
    ano: Type.Integer(),
    semestre: Type.Integer(),
    situacao: Type.String({ description: "The entry's current situation" }),
    envios: Type.Array(ValuesSentSchema, { description: 'Every values row sent for the entry, newest first' }),
  },
  { $id: 'ValuesSentOutDto', description: 'Values sent for a renewal, with their batch and outcome' },
);

export const BrbIdParams = Type.Object({ brbId: Id('Journey entry id') }, { additionalProperties: false });
/** The interface names it {id-processo}; Fastify parameter names cannot contain '-'. */
export const ProcessPeriodParams = Type.Object(
  {
    idProcesso: Id('Renewal process id'),
    ano: Type.Integer({ minimum: 2000, maximum: 2100 }),
    semestre: Type.Integer({ minimum: 1, maximum: 2 }),
  },
  { additionalProperties: false },
);

export const valuesSchemas = [
  FillValuesInSchema,
  EnrollmentLockInSchema,
  SendValuesV3Body,
  SendValuesV2Body,
  RowErrorSchema,
  RowOutcomeSchema,
  FillValuesOutSchema,
  ResultOutSchema,
  SendValuesV3OutSchema,
  ImportOutSchema,
  ValuesOfEntrySchema,
];
