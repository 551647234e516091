import { Type } from '@sinclair/typebox';
import { readDb } from '../../http/read-db.js';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { TIMELINE_ACTION_DESCRIPTIONS, TIMELINE_ACTIONS } from '../lifecycle/timeline-actions.js';
import { LISTS } from './reference.repository.js';
import * as schemas from './reference.schemas.js';
import * as service from './reference.service.js';

const CodeList = Type.Array(Type.Ref(schemas.CodeItemSchema));

/** The v1 code lists: each is one registration of the same handler over a different list. */
const CODE_LISTS = [
  [
    '/s/v1/contrato/situacao-matricula/tipos',
    LISTS.tiposSituacaoMatricula,
    'listEnrolmentSituationTypes',
    'Enrolment situation types (tipo: D lock, F withdrawal, E dropout, S bond maintenance)',
  ],
  [
    '/s/v1/contrato/situacao-matricula/situacoes',
    LISTS.situacoesMatricula,
    'listEnrolmentSituations',
    'Enrolment situations (situacao-matricula codes)',
  ],
  [
    '/s/v1/contrato/situacao-matricula/situacoes-restituicao',
    LISTS.situacoesRestituicao,
    'listRestitutionSituations',
    'Restitution situations (situacao-restituicao codes)',
  ],
  ['/motivo-espera', LISTS.motivosEspera, 'listWaitingReasons', 'Waiting reasons shown on the IE portal for a request'],
] as const;

async function routes(app: App) {
  for (const [url, lista, operationId, summary] of CODE_LISTS) {
    app.get(
      url,
      { schema: { operationId, summary, tags: ['Reference lists'], response: responses({ 200: CodeList }) } },
      async (request) => service.codeList(readDb(request), lista),
    );
  }

  app.get(
    '/s/v1/contrato/situacao-matricula/motivos',
    {
      schema: {
        operationId: 'listEnrolmentSituationReasons',
        summary: 'Reasons for an enrolment situation: numeric withdrawal codes (F) and bond-maintenance reasons (S)',
        tags: ['Reference lists'],
        querystring: schemas.ReasonsQuery,
        response: responses({ 200: Type.Array(Type.Ref(schemas.ReasonItemSchema)) }),
      },
    },
    async (request) => service.reasons(readDb(request), request.query.tipo),
  );

  // Addition to the interface (docs/decisions.md): the one timeline vocabulary, from code, not data.
  app.get(
    '/s/v2/renovacao/referencias/acoes-timeline',
    {
      schema: {
        operationId: 'listTimelineActions',
        summary: 'Timeline action codes: every code a timeline event may carry, with its meaning',
        description:
          'The one list of `acao` codes written by live actions, scheduled jobs and demo data alike ' +
          '(docs/state-machine.md). Every journey entry starts with ABERTURA_JORNADA.',
        tags: ['Reference lists'],
        response: responses({ 200: CodeList }),
      },
    },
    async () => TIMELINE_ACTIONS.map((codigo) => ({ codigo, descricao: TIMELINE_ACTION_DESCRIPTIONS[codigo] })),
  );

  app.get(
    '/s/v2/mais-acoes/situacoes',
    {
      schema: {
        operationId: 'listAllowedSituations',
        summary: 'Action types an IE user may pick, with the situations each applies from (interface 2.5)',
        tags: ['Reference lists'],
        querystring: schemas.SituationsQuery,
        response: responses({ 200: Type.Array(Type.Ref(schemas.AllowedSituationSchema)) }),
      },
    },
    async (request) => service.allowedSituations(readDb(request), request.query.exclusaoCancelamento),
  );

  const auxiliary = { tags: ['Auxiliary lists'], querystring: schemas.AuxiliaryQuery };
  app.get(
    '/s/v2/renovacao/planilhas-auxiliares/turnos',
    {
      schema: {
        ...auxiliary,
        operationId: 'listShifts',
        summary: "Shifts offered by the caller's IEs",
        response: responses({ 200: Type.Array(Type.Ref(schemas.ShiftSchema)) }, [404]),
      },
    },
    async (request) => service.shifts(readDb(request), request.caller, request.query.ieId),
  );
  app.get(
    '/s/v2/renovacao/planilhas-auxiliares/cursos',
    {
      schema: {
        ...auxiliary,
        operationId: 'listCourses',
        summary: "Courses of the caller's IEs",
        response: responses({ 200: Type.Array(Type.Ref(schemas.CourseSchema)) }, [404]),
      },
    },
    async (request) => service.courses(readDb(request), request.caller, request.query.ieId),
  );
  app.get(
    '/s/v2/renovacao/planilhas-auxiliares/campus',
    {
      schema: {
        ...auxiliary,
        operationId: 'listCampuses',
        summary: "Campuses of the caller's IEs",
        response: responses({ 200: Type.Array(Type.Ref(schemas.CampusSchema)) }, [404]),
      },
    },
    async (request) => service.campuses(readDb(request), request.caller, request.query.ieId),
  );
}

export const referenceModule: Module = { name: 'reference', schemas: schemas.referenceSchemas, routes };
