import { type Static, Type } from '@sinclair/typebox';
import { ABAS, MOTIVOS_SEM_RENOVACAO, SITUACOES } from '../../db/schema.js';
import { Id, Page, Paging } from '../../http/schemas.js';
import { ExportQuery } from '../exports/export.http.js';

export const JourneyIdParams = Type.Object({ journeyId: Id('Journey id') }, { additionalProperties: false });

export const JOURNEY_STATUSES = ['ABERTA', 'ENCERRADA'] as const;
const JourneyStatus = Type.Union(
  JOURNEY_STATUSES.map((s) => Type.Literal(s)),
  { description: 'ABERTA while its renewal window runs; ENCERRADA after it closed' },
);

export const JourneyListQuery = Type.Object(
  {
    ieId: Type.Optional(Id("Only this IE (one of the caller's; another IE's id is 404)")),
    ano: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100, description: 'Only journeys of this year' })),
    semestre: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: 'Only journeys of this semester' })),
    status: Type.Optional(JourneyStatus),
    tipo: Type.Optional(
      Type.String({
        pattern: '^[A-Z_]{1,40}$',
        description: 'Only journeys of this type (a code of GET /s/v2/renovacao/jornadas/tipos)',
      }),
    ),
    ...Paging,
    ...ExportQuery,
  },
  { additionalProperties: false },
);
export type JourneyFilters = Static<typeof JourneyListQuery>;

const TabCount = Type.Object({
  aba: Type.Union(
    ABAS.map((a) => Type.Literal(a)),
    { description: 'Dashboard tab (renewalTabEnum)' },
  ),
  total: Type.Integer({ description: 'Entries in the tab' }),
});

const SituationCount = Type.Object({
  situacao: Type.Union(
    SITUACOES.map((s) => Type.Literal(s)),
    { description: 'Entry situation' },
  ),
  motivo: Type.Union([Type.Union(MOTIVOS_SEM_RENOVACAO.map((m) => Type.Literal(m))), Type.Null()], {
    description: 'Why there is no renewal; set for SEM_RENOVACAO only',
  }),
  aba: Type.Union([TabCount.properties.aba, Type.Null()], {
    description: 'Tab of the situation; null for the terminal CANCELADO and EXCLUIDO',
  }),
  total: Type.Integer({ description: 'Entries in this situation (and motivo)' }),
});

const tabTotals = {
  total: Type.Integer({ description: 'Entries over the five tabs (CANCELADO and EXCLUIDO are in none)' }),
  abas: Type.Array(TabCount, { description: 'Every tab, in dashboard order, zero included' }),
};

const journeyFields = {
  id: Type.Integer({ description: 'Journey id (journeyId)' }),
  ieId: Type.Integer(),
  ieNome: Type.String(),
  ieSigla: Type.String(),
  tipo: Type.String({ description: 'Journey type code' }),
  tipoDescricao: Type.Union([Type.String(), Type.Null()], {
    description: "Description of the type from the list 'tipo-jornada'; null if the list lacks it",
  }),
  ano: Type.Integer(),
  semestre: Type.Integer({ description: '1 or 2' }),
  status: JourneyStatus,
  janelaInicio: Type.String({ format: 'date', description: 'First day of the renewal window (yyyy-mm-dd)' }),
  janelaFim: Type.String({ format: 'date', description: 'Last day of the renewal window (yyyy-mm-dd)' }),
  abertaPor: Type.String({ description: 'Who opened the journey (token subject, or the system)' }),
  abertaEm: Type.String({ format: 'date-time', description: 'When the journey was opened' }),
  encerradaEm: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the journey was closed; null while open',
  }),
};

export const JourneySchema = Type.Object(
  {
    ...journeyFields,
    contadores: Type.Object(tabTotals, {
      description: 'Entries per tab, read from the counters the database keeps exact (never counted over entries)',
    }),
  },
  { $id: 'RenewalJourney', description: 'A renewal journey (one IE, one period, one type)' },
);

export const JourneyPageSchema = Page(Type.Ref(JourneySchema), 'RenewalJourneyPage');

export const JourneyDetailSchema = Type.Object(
  {
    ...journeyFields,
    grupoIeId: Type.Integer({ description: 'The IE group (mantenedora) of the IE' }),
    contadores: Type.Object(
      {
        ...tabTotals,
        situacoes: Type.Array(SituationCount, {
          description: 'Each situation (and motivo for SEM_RENOVACAO) with entries, terminal ones included',
        }),
      },
      { description: 'Entries per tab and per situation/motivo, read from the counters' },
    ),
  },
  { $id: 'RenewalJourneyDetail' },
);

export const JourneyGroupSchema = Type.Object(
  {
    id: Type.Integer({ description: 'IE group (grupo IE, mantenedora) id' }),
    nome: Type.String(),
    ies: Type.Array(Type.Object({ id: Type.Integer(), nome: Type.String(), sigla: Type.String() }), {
      description: "The group's IEs that have journeys the caller sees, by name",
    }),
  },
  { $id: 'JourneyIeGroup' },
);

export const journeySchemas = [JourneySchema, JourneyPageSchema, JourneyDetailSchema, JourneyGroupSchema];
