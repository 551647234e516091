import { type Static, Type } from '@sinclair/typebox';
import { MOTIVOS_SEM_RENOVACAO, SITUACOES } from '../../db/schema.js';
import { Id, StrictObject } from '../../http/schemas.js';

const IsoDate = (description: string) =>
  Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: `${description} (yyyy-mm-dd)` });

export const TipoParams = Type.Object(
  {
    tipo: Type.String({
      maxLength: 40,
      description: "Journey type, a code of reference list 'tipo-jornada' (RENOVACAO, REGULARIZACAO); case-insensitive",
    }),
  },
  { additionalProperties: false },
);

export const OpenJourneyBodySchema = StrictObject(
  {
    tipo: Type.Optional(
      Type.String({
        maxLength: 40,
        description:
          "Journey type (reference list 'tipo-jornada'); default RENOVACAO. On /jornadas/{tipo}/abrir it may be " +
          'omitted and, when given, must equal the path.',
      }),
    ),
    ieId: Type.Optional(Id("The IE to open for; default every IE of the caller's token. Required for an operator.")),
    ano: Type.Integer({ minimum: 2000, maximum: 2100, description: 'Year of the period' }),
    semestre: Type.Integer({ minimum: 1, maximum: 2, description: 'Semester of the period: 1 or 2' }),
    janelaInicio: Type.Optional(IsoDate('First day of the renewal window; default today (America/Sao_Paulo)')),
    janelaFim: Type.Optional(
      IsoDate(
        "Last day of the renewal window; default janelaInicio plus the convênio's janela_dias. Not before " +
          'janelaInicio nor before today. The day after it, a scheduled job closes the journey: entries still ' +
          'APTO become SEM_RENOVACAO/NAO_RENOVADO. Only the foundation (OPERADOR) sets janelaInicio and janelaFim: ' +
          "from an IE user, a value other than the convênio's window is 422.",
      ),
    ),
  },
  {
    $id: 'OpenJourneyRequest',
    description:
      'Opens a journey per IE for the period. RENOVACAO takes every active contract (contract ATIVO, bolsa ATIVA); ' +
      'REGULARIZACAO those whose entry in the previous period ended SEM_RENOVACAO/NAO_RENOVADO. Each entry starts ' +
      'APTO, except a contract whose previous-period entry ended SEM_RENOVACAO/TRANCAMENTO: the lock is carried ' +
      '(SEM_RENOVACAO/TRANCAMENTO). Opening the same IE, type and period twice is 409. An IE user opens only the period ' +
      "after the IE's latest journey of the type (a first journey of a type: its latest journey's period or the next), " +
      "one its convênio calendar lists (once it lists any), inside the calendar's opening window; otherwise 422.",
  },
);
export type OpenJourneyBody = Static<typeof OpenJourneyBodySchema>;

export const JourneySituationTotalSchema = Type.Object(
  {
    situacao: Type.Union(SITUACOES.map((s) => Type.Literal(s))),
    motivo: Type.Union([...MOTIVOS_SEM_RENOVACAO.map((m) => Type.Literal(m)), Type.Null()], {
      description: 'Reason, for SEM_RENOVACAO only',
    }),
    total: Type.Integer(),
  },
  { $id: 'JourneySituationTotal' },
);

export const OpenedJourneySchema = Type.Object(
  {
    id: Type.Integer({ description: 'journeyId' }),
    ieId: Type.Integer(),
    tipo: Type.String(),
    ano: Type.Integer(),
    semestre: Type.Integer(),
    status: Type.Union([Type.Literal('ABERTA'), Type.Literal('ENCERRADA')]),
    janelaInicio: Type.String({ description: 'yyyy-mm-dd' }),
    janelaFim: Type.String({ description: 'yyyy-mm-dd' }),
    abertaPor: Type.String({ description: 'sub of the user who opened it' }),
    abertaEm: Type.String({ format: 'date-time' }),
    totalEntradas: Type.Integer({ description: 'Entries (brbIds) created' }),
    contadores: Type.Array(Type.Ref(JourneySituationTotalSchema), { description: 'Entries per situação' }),
  },
  { $id: 'OpenedJourney' },
);

export const OpenJourneyResponseSchema = Type.Object(
  { jornadas: Type.Array(Type.Ref(OpenedJourneySchema)) },
  { $id: 'OpenJourneyResult' },
);

export const RefreshJourneyBodySchema = StrictObject(
  {
    jornadaId: Type.Optional(Id('Refresh only this journey (it must be ABERTA)')),
    ieId: Type.Optional(
      Id(
        "Refresh the open journeys of this IE; default every IE of the caller's token. An operator gives ieId or jornadaId.",
      ),
    ),
  },
  {
    $id: 'RefreshJourneyRequest',
    description:
      'Adds entries (APTO, or SEM_RENOVACAO/TRANCAMENTO for a carried lock) for contracts that became eligible ' +
      'after the journey was opened and are not in it yet, by the rules of the journey type. Nothing else changes.',
  },
);
export type RefreshJourneyBody = Static<typeof RefreshJourneyBodySchema>;

export const RefreshJourneyResponseSchema = Type.Object(
  {
    adicionados: Type.Integer({ description: 'Entries added over all journeys refreshed' }),
    jornadas: Type.Array(
      Type.Object({
        jornadaId: Type.Integer(),
        ieId: Type.Integer(),
        tipo: Type.String(),
        ano: Type.Integer(),
        semestre: Type.Integer(),
        adicionados: Type.Integer(),
      }),
    ),
  },
  { $id: 'RefreshJourneyResult' },
);

export const InsertBeneficiaryBodySchema = StrictObject(
  {
    journeyId: Id('The journey (ABERTA) to insert into'),
    contratoId: Type.Optional(Id('The contract')),
    bolsaId: Type.Optional(Id('The scholarship; its active contract is used')),
    cpf: Type.Optional(
      Type.String({
        maxLength: 14,
        description: "The student's CPF, with or without mask; their active contract at the journey's IE",
      }),
    ),
  },
  {
    $id: 'InsertBeneficiaryRequest',
    description:
      'Give contratoId, bolsaId or cpf (any combination must point to the same contract). The contract must be ' +
      'ATIVO with its bolsa ATIVA, belong to the journey IE and not be in the journey yet.',
  },
);
export type InsertBeneficiaryBody = Static<typeof InsertBeneficiaryBodySchema>;

export const InsertedBeneficiarySchema = Type.Object(
  {
    brbId: Type.Integer(),
    processoId: Type.Integer(),
    jornadaId: Type.Integer(),
    ieId: Type.Integer(),
    contratoId: Type.Integer(),
    bolsaId: Type.Integer(),
    situacao: Type.Union(SITUACOES.map((s) => Type.Literal(s))),
    motivo: Type.Union([...MOTIVOS_SEM_RENOVACAO.map((m) => Type.Literal(m)), Type.Null()]),
  },
  { $id: 'InsertedBeneficiary' },
);

export const journeyLifecycleSchemas = [
  OpenJourneyBodySchema,
  JourneySituationTotalSchema,
  OpenedJourneySchema,
  OpenJourneyResponseSchema,
  RefreshJourneyBodySchema,
  RefreshJourneyResponseSchema,
  InsertBeneficiaryBodySchema,
  InsertedBeneficiarySchema,
];
