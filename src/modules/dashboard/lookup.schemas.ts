import { type TSchema, Type } from '@sinclair/typebox';
import { Id, Page, Paging, StrictObject } from '../../http/schemas.js';
import { MATCH_FIELDS, RELEVANCES } from './autocomplete.js';
import { JourneySummarySchema } from './counters.schemas.js';
import {
  EntryFilters,
  IdNomeSchema,
  JourneySelection,
  MotivoSchema,
  SituacaoSchema,
  TabSchema,
} from './dashboard.schemas.js';

const IdNome = Type.Ref(IdNomeSchema);

const autocompleteFields = {
  ...JourneySelection,
  termo: Type.String({
    minLength: 3,
    maxLength: 100,
    description:
      'What the user typed, from 3 characters: part of a name (accents and case ignored), a CPF or its beginning (with or without mask) or an enrolment number or its beginning',
  }),
  limite: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 10,
      default: 10,
      description: 'At most this many suggestions (1 to 10, default 10)',
    }),
  ),
};

export const AutocompleteQuery = StrictObject({
  ...autocompleteFields,
  aba: Type.Optional(TabSchema('Only entries of this tab. Default: every tab')),
});
export const BondAutocompleteQuery = StrictObject(autocompleteFields);

export const SuggestionSchema = Type.Object(
  {
    brbId: Type.Integer({ description: 'Journey entry id' }),
    nomeEstudante: Type.String(),
    cpf: Type.String({ description: '11 digits' }),
    matricula: Type.String(),
    situacao: SituacaoSchema('Situação of the entry'),
    aba: Type.Union([TabSchema('Tab of the entry'), Type.Null()]),
    jornadaId: Type.Integer(),
    ieId: Type.Integer(),
    campo: Type.Unsafe<(typeof MATCH_FIELDS)[number]>({
      type: 'string',
      enum: [...MATCH_FIELDS],
      description: 'Which field matched the term',
    }),
    relevancia: Type.Unsafe<(typeof RELEVANCES)[number]>({
      type: 'string',
      enum: [...RELEVANCES],
      description:
        'How it matched; suggestions come in this order: exata (whole value), prefixo (value starts with the term), inicio-palavra (a later word of the name starts with it), contem (the name contains it); alphabetical within each',
    }),
  },
  { $id: 'AutocompleteSuggestion' },
);

export const FiltersQuery = StrictObject(JourneySelection);
export const FiltersBody = StrictObject(JourneySelection, {
  description: 'Narrows the filter values to these IEs or journeys; every field is optional',
});

export const FilterValuesSchema = Type.Object(
  {
    ies: Type.Array(
      Type.Object({ id: Type.Integer(), nome: Type.String(), sigla: Type.String(), grupoIeId: Type.Integer() }),
      { description: 'IEs in scope (ieId filter)' },
    ),
    jornadas: Type.Array(Type.Ref(JourneySummarySchema), {
      description: 'Every journey of the IEs in scope, latest period first (journeyId filter)',
    }),
    jornadasAtuais: Type.Array(Type.Integer(), { description: 'Ids of the journeys the other values were read from' }),
    periodos: Type.Array(Type.Object({ ano: Type.Integer(), semestre: Type.Integer() }), {
      description: 'Periods of those journeys, latest first (ano/semestre filter)',
    }),
    cursos: Type.Array(IdNome, { description: 'Courses with entries in the journeys read (cursoId filter)' }),
    campi: Type.Array(IdNome, { description: 'Campuses with entries in the journeys read (campusId filter)' }),
    turnos: Type.Array(IdNome, { description: 'Shifts with entries in the journeys read (turnoId filter)' }),
    tags: Type.Array(Type.String(), { description: 'Tags on entries of the journeys read (tag filter)' }),
    situacoes: Type.Array(Type.Object({ situacao: SituacaoSchema('Situação present'), total: Type.Integer() }), {
      description: 'Situações with entries (situacao filter)',
    }),
    motivos: Type.Array(Type.Object({ motivo: MotivoSchema('Motivo present'), total: Type.Integer() }), {
      description: 'Motivos of SEM_RENOVACAO entries present (motivo filter)',
    }),
  },
  { $id: 'FilterValues', description: 'Exactly the values the caller can filter the renewal lists on' },
);

export const InsertCandidatesQuery = StrictObject({
  journeyId: Id("Journey to insert into (one of the caller's IEs; another IE's answers 404)"),
  cursoId: EntryFilters.cursoId,
  campusId: EntryFilters.campusId,
  turnoId: EntryFilters.turnoId,
  busca: EntryFilters.busca,
  ...Paging,
});

export const InsertCandidateSchema = Type.Object(
  {
    contratoId: Type.Integer(),
    numeroContrato: Type.String(),
    bolsaId: Type.Integer(),
    codBolsa: Type.String(),
    estudanteId: Type.Integer(),
    nomeEstudante: Type.String(),
    cpf: Type.String({ description: '11 digits' }),
    matricula: Type.String(),
    previsaoFormatura: Type.String({ format: 'date' }),
    curso: IdNome,
    campus: IdNome,
    turno: IdNome,
    ieId: Type.Integer(),
  },
  {
    $id: 'InsertCandidate',
    description: 'An active contract (contrato ATIVO, bolsa ATIVA) of the journey’s IE with no entry in that journey',
  },
);
export const InsertCandidatePageSchema = Page(Type.Ref(InsertCandidateSchema), 'InsertCandidatePage');

export const lookupSchemas: TSchema[] = [
  SuggestionSchema,
  FilterValuesSchema,
  InsertCandidateSchema,
  InsertCandidatePageSchema,
];
