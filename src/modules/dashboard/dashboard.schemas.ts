import { type Static, type TSchema, Type } from '@sinclair/typebox';
import {
  ABAS,
  type Aba,
  MOTIVOS_SEM_RENOVACAO,
  type MotivoSemRenovacao,
  SITUACOES,
  type Situacao,
} from '../../db/schema.js';
import { Id, Page, Paging, StrictObject } from '../../http/schemas.js';
import { ExportQuery } from '../exports/export.http.js';

/** A string enum as `enum` (not anyOf): a bad value answers 400 listing the allowed values. */
const StringEnum = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

export const SORT_FIELDS = ['nome', 'cpf', 'matricula', 'curso', 'situacao', 'atualizadoEm'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export const TabSchema = (description: string) => StringEnum<Aba>(ABAS, description);
export const SituacaoSchema = (description: string) => StringEnum<Situacao>(SITUACOES, description);
export const MotivoSchema = (description: string) => StringEnum<MotivoSemRenovacao>(MOTIVOS_SEM_RENOVACAO, description);

/** Which journeys and IEs an operation reads; every dashboard operation takes these. */
export const JourneySelection = {
  journeyId: Type.Optional(
    Id(
      "Read this journey (one of the caller's IEs; another IE's journey answers 404). Default: the current journey of each IE in scope — the ABERTA journey of the latest period, else the latest journey.",
    ),
  ),
  ano: Type.Optional(
    Type.Integer({
      minimum: 2000,
      maximum: 2100,
      description: 'With semestre: read the journeys of this period instead of the current ones',
    }),
  ),
  semestre: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: 'With ano: 1 or 2' })),
  ieId: Type.Optional(Id("Only this IE (one of the caller's; another answers 404). Default: every IE in scope")),
  grupoIeId: Type.Optional(
    Id(
      "Only the caller's IEs of this group (mantenedora). Default when neither ieId nor grupoIeId is given: the user's preferred group (cadastrar-preferencia-grupoie), else all the caller's IEs",
    ),
  ),
};

/** Filters on the journey entries. */
export const EntryFilters = {
  cursoId: Type.Optional(Id("Only entries of this course (a course of the caller's IEs; another answers 404)")),
  campusId: Type.Optional(Id("Only entries of this campus (a campus of the caller's IEs; another answers 404)")),
  turnoId: Type.Optional(Id('Only entries of this shift (see planilhas-auxiliares/turnos)')),
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'Only entries carrying this tag' })),
  situacao: Type.Optional(
    SituacaoSchema(
      'Only entries in this situação. Within a tab it must belong to the tab (e.g. aptos: APTO). CANCELADO and EXCLUIDO appear only when asked for here',
    ),
  ),
  motivo: Type.Optional(
    MotivoSchema('Only SEM_RENOVACAO entries with this motivo (only where SEM_RENOVACAO entries can be listed)'),
  ),
  busca: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'Free text: part of the student name (accents and case ignored), the beginning of a CPF (with or without mask) or of an enrolment number (matrícula)',
    }),
  ),
};

export const Sorting = {
  ordenarPor: Type.Optional(
    StringEnum<SortField>(SORT_FIELDS, 'Column to sort by (ties are broken by brbId). Default: nome'),
  ),
  ordem: Type.Optional(StringEnum<'asc' | 'desc'>(['asc', 'desc'], 'Sort direction. Default: asc')),
};

const AbaFilter = { aba: Type.Optional(TabSchema('Only entries of this tab. Default: every tab')) };

/** The list of one tab (the tab comes from the path). */
export const TabListQuery = StrictObject({
  ...JourneySelection,
  ...EntryFilters,
  ...Sorting,
  ...Paging,
  ...ExportQuery,
});
export type TabListQuery = Static<typeof TabListQuery>;

/** Lists over every tab of a journey. */
export const JourneyListQuery = StrictObject({
  ...JourneySelection,
  ...AbaFilter,
  ...EntryFilters,
  ...Sorting,
  ...Paging,
  ...ExportQuery,
});
export type JourneyListQuery = Static<typeof JourneyListQuery>;

export const JourneyContractsQuery = StrictObject({
  ...JourneySelection,
  journeyId: Id("The journey to list (one of the caller's IEs; another IE's journey answers 404)"),
  ...AbaFilter,
  ...EntryFilters,
  ...Sorting,
  ...Paging,
  ...ExportQuery,
});

export const PendingSignatureQuery = StrictObject({
  ...JourneySelection,
  cursoId: EntryFilters.cursoId,
  campusId: EntryFilters.campusId,
  turnoId: EntryFilters.turnoId,
  tag: EntryFilters.tag,
  busca: EntryFilters.busca,
  ...Sorting,
  ...Paging,
});

export const TabParams = StrictObject({
  renewalTabEnum: TabSchema(
    'Dashboard tab. GET /s/v2/renovacao/manutencao-vinculo is the existence check; list that tab at /s/v2/renovacao/manutencao-vinculo/estudantes',
  ),
});

export const IdNomeSchema = Type.Object(
  { id: Type.Integer(), nome: Type.String() },
  { $id: 'IdNome', description: 'A referenced record: its id and name' },
);
const IdNome = Type.Ref(IdNomeSchema);

const entryFields = {
  brbId: Type.Integer({ description: 'Journey entry id (brbId)' }),
  processoId: Type.Union([Type.Integer(), Type.Null()], { description: 'Renewal process of the entry (id-processo)' }),
  jornadaId: Type.Integer({ description: 'Journey the entry belongs to' }),
  contratoId: Type.Integer({ description: 'Credit contract' }),
  bolsaId: Type.Integer({ description: 'Scholarship (studentship) of the contract' }),
  nomeEstudante: Type.String({ description: 'Student name as registered' }),
  cpf: Type.String({ description: 'Student CPF, 11 digits without mask' }),
  matricula: Type.String({ description: 'Enrolment number at the IE' }),
  curso: IdNome,
  campus: IdNome,
  turno: IdNome,
  situacao: SituacaoSchema('Situação of the entry (DOMAIN.md, journey entry situation)'),
  motivo: Type.Union([MotivoSchema('Why there is no renewal'), Type.Null()], {
    description: 'Set only when situacao is SEM_RENOVACAO',
  }),
  aba: Type.Union([TabSchema('Tab the entry shows in'), Type.Null()], {
    description: 'Tab of the situação; null for CANCELADO and EXCLUIDO',
  }),
  tags: Type.Array(Type.String(), { description: 'Labels on the entry' }),
  atualizadoEm: Type.String({ format: 'date-time', description: 'Last change of the entry' }),
  ano: Type.Integer({ description: 'Period year of the journey' }),
  semestre: Type.Integer({ description: 'Period semester of the journey (1 or 2)' }),
  ieId: Type.Integer({ description: 'IE of the entry' }),
};

export const ListItemSchema = Type.Object(entryFields, {
  $id: 'RenewalListItem',
  description: 'A journey entry (one student contract in one journey) as dashboard lists show it',
});
export type ListItem = Static<typeof ListItemSchema>;

export const PendingSignatureItemSchema = Type.Object(
  {
    ...entryFields,
    aditivo: Type.Union(
      [
        Type.Object({
          id: Type.Integer(),
          valor: Type.Number({
            description: 'Credited amount of the addendum; at most 2 decimals, exact (a number, as everywhere)',
          }),
          geradoEm: Type.String({ format: 'date-time' }),
        }),
        Type.Null(),
      ],
      { description: 'The generated addendum (status GERADO) waiting for the student signature' },
    ),
  },
  { $id: 'PendingSignatureItem', description: 'An entry AGUARDANDO_ASSINATURA with its addendum' },
);

export const ListPageSchema = Page(Type.Ref(ListItemSchema), 'RenewalListPage');
export const PendingSignaturePageSchema = Page(Type.Ref(PendingSignatureItemSchema), 'PendingSignaturePage');

export const ExistsSchema = Type.Object(
  {
    existe: Type.Boolean({ description: 'True when at least one entry is in bond maintenance' }),
    total: Type.Integer({ description: 'How many entries are in bond maintenance (MANUTENCAO_VINCULO)' }),
  },
  { $id: 'BondMaintenanceExists' },
);

export const ScopeQuery = StrictObject(JourneySelection);

export const TagsQuery = StrictObject({
  ...JourneySelection,
  brbIds: Type.Optional(
    Type.Array(Id('Journey entry id'), {
      minItems: 1,
      maxItems: 100,
      description:
        "Repeat the parameter (brbIds=1&brbIds=2): the tags of these entries (each must be the caller's, else 404). Without it: the entries the other filters select, paged",
    }),
  ),
  ...AbaFilter,
  ...EntryFilters,
  ...Sorting,
  ...Paging,
});
export type TagsQuery = Static<typeof TagsQuery>;

export const TagsItemSchema = Type.Object(
  { brbId: Type.Integer(), tags: Type.Array(Type.String()) },
  { $id: 'EntryTags', description: 'Tags of one journey entry' },
);
export const TagsPageSchema = Page(Type.Ref(TagsItemSchema), 'EntryTagsPage');

export const dashboardListSchemas: TSchema[] = [
  IdNomeSchema,
  ListItemSchema,
  PendingSignatureItemSchema,
  ListPageSchema,
  PendingSignaturePageSchema,
  ExistsSchema,
  TagsItemSchema,
  TagsPageSchema,
];
