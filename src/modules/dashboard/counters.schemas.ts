import { type TSchema, Type } from '@sinclair/typebox';
import { StrictObject } from '../../http/schemas.js';
import { JourneySelection, MotivoSchema, SituacaoSchema, TabSchema } from './dashboard.schemas.js';

export const JourneySummarySchema = Type.Object(
  {
    id: Type.Integer({ description: 'Journey id (journeyId)' }),
    ieId: Type.Integer(),
    tipo: Type.String({ description: 'Journey type, e.g. RENOVACAO' }),
    ano: Type.Integer(),
    semestre: Type.Integer(),
    status: Type.Union([Type.Literal('ABERTA'), Type.Literal('ENCERRADA')]),
    janelaInicio: Type.String({ format: 'date', description: 'First day of the renewal window' }),
    janelaFim: Type.String({ format: 'date', description: 'Last day of the renewal window' }),
  },
  { $id: 'JourneySummary', description: 'A journey the numbers were read from' },
);
const JourneySummary = Type.Ref(JourneySummarySchema);

export const TabCountSchema = Type.Object(
  { aba: TabSchema('Dashboard tab'), total: Type.Integer({ description: 'Entries in the tab' }) },
  { $id: 'TabCount' },
);
export const SituationCountSchema = Type.Object(
  {
    situacao: SituacaoSchema('Situação of the entries'),
    motivo: Type.Union([MotivoSchema('Why there is no renewal'), Type.Null()], {
      description: 'Set for SEM_RENOVACAO cells only',
    }),
    total: Type.Integer({ description: 'Entries in this situação (and motivo)' }),
  },
  { $id: 'SituationCount' },
);

const totalsFields = {
  total: Type.Integer({ description: 'Entries over the five tabs (CANCELADO and EXCLUIDO are not in any tab)' }),
  abas: Type.Array(Type.Ref(TabCountSchema), { description: 'Every tab, in dashboard order, zero included' }),
  situacoes: Type.Array(Type.Ref(SituationCountSchema), {
    description: 'Each situação (and motivo for SEM_RENOVACAO) with entries, terminal ones included',
  }),
};

export const CountersSchema = Type.Object(
  { ...totalsFields, jornadas: Type.Array(JourneySummary, { description: 'Journeys counted' }) },
  {
    $id: 'DashboardCounters',
    description: 'Entry counts of the journeys in scope, read from the counters the database keeps exact',
  },
);

export const CarouselSchema = Type.Object(
  {
    cartoes: Type.Array(
      Type.Object({
        aba: TabSchema('Tab the card opens'),
        titulo: Type.String({ description: 'Card title as the screen shows it' }),
        total: Type.Integer(),
      }),
      { description: 'One card per tab, in dashboard order' },
    ),
    total: totalsFields.total,
    jornadas: Type.Array(
      Type.Object({
        id: Type.Integer(),
        ieId: Type.Integer(),
        ano: Type.Integer(),
        semestre: Type.Integer(),
        status: Type.Union([Type.Literal('ABERTA'), Type.Literal('ENCERRADA')]),
        janelaFim: Type.String({ format: 'date' }),
        diasRestantes: Type.Integer({ description: 'Days until the window closes (0 on its last day or after)' }),
      }),
      { description: 'The journeys shown, with their windows' },
    ),
    destaques: Type.Object(
      {
        janelaFim: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
          description: 'The nearest window end among the open journeys (null when none is open)',
        }),
        diasRestantes: Type.Union([Type.Integer(), Type.Null()], {
          description: 'Days until that window end (today in America/Sao_Paulo)',
        }),
        aptosSemAcao: Type.Integer({ description: 'Entries still APTO: nothing was done for them yet' }),
        pendentesAssinatura: Type.Integer({ description: 'Entries whose addendum waits for the student signature' }),
        emRevisao: Type.Integer({ description: 'Entries sent back for the foundation’s review (REVISAO_ANALISE)' }),
      },
      { description: 'Highlights for the carousel, read from the counters' },
    ),
  },
  { $id: 'RenewalCarousel' },
);

export const DashboardBody = StrictObject(
  {
    ...JourneySelection,
    porIe: Type.Optional(Type.Boolean({ description: 'Also break the numbers down per IE (default false)' })),
  },
  { description: 'Which IEs and journeys the dashboard reads; every field is optional' },
);

const IeCellsSchema = Type.Object({
  ieId: Type.Integer(),
  nome: Type.String(),
  sigla: Type.String(),
  ...totalsFields,
});

export const DashboardCellsSchema = Type.Object(
  {
    ...totalsFields,
    jornadas: Type.Array(JourneySummary),
    ies: Type.Optional(Type.Array(IeCellsSchema, { description: 'Per IE, when porIe is true' })),
  },
  { $id: 'DashboardCells', description: 'Numbers for the dashboard cells: per tab and per situação/motivo' },
);

export const DashboardDetailsSchema = Type.Object(
  {
    linhas: Type.Array(
      Type.Object({
        ieId: Type.Integer(),
        ieNome: Type.String(),
        ieSigla: Type.String(),
        jornada: JourneySummary,
        ...totalsFields,
      }),
      { description: 'One line per IE and journey, ordered by IE name then period' },
    ),
    totais: Type.Object(totalsFields, { description: 'The lines summed' }),
  },
  { $id: 'DashboardDetails' },
);

export const countersSchemas: TSchema[] = [
  JourneySummarySchema,
  TabCountSchema,
  SituationCountSchema,
  CountersSchema,
  CarouselSchema,
  DashboardCellsSchema,
  DashboardDetailsSchema,
];
