import { Type } from '@sinclair/typebox';
import { aliasOperationId, Id, responses } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import * as map from './actions.mappers.js';
import { ActionForecastResultSchema, ActionResultSchema } from './actions.schemas.js';
import * as actions from './actions.service.js';
import { ComplementaryDataOut } from './complementary.schemas.js';
import { complementaryData } from './complementary.service.js';
import * as contracts from './contract-actions.service.js';
import { parseBrDate } from './dates.js';
import * as schemas from './v2.schemas.js';

const tags = ['Mais ações (v1)'];
const Result = Type.Ref(ActionResultSchema);
const refusals = [404, 409, 422];

export async function v1Routes(app: App) {
  app.post(
    '/s/v1/contrato/situacao-matricula/atualizar',
    {
      schema: {
        operationId: 'updateEnrolmentSituation',
        summary: 'Update the enrolment situation of an entry: tipo D lock, F withdrawal, E dropout, S bond maintenance',
        tags,
        body: Type.Ref(schemas.EnrolmentSituationUpdateIn),
        response: responses({ 200: Result }, refusals),
      },
    },
    async (request) =>
      map.actionResult(await actions.situation(app.db, request.caller, map.situationFlat(request.body))),
  );

  app.post(
    '/s/v1/contrato/situacao-matricula/processo/:idProcesso/manter-trancamento',
    {
      schema: {
        operationId: 'keepLockOfProcess',
        summary: "Keep last semester's lock for the entry of a renewal process",
        tags,
        params: Type.Object({ idProcesso: Id('Renewal process id') }),
        body: Type.Ref(schemas.ProcessKeepLockIn),
        response: responses({ 200: Result }, refusals),
      },
      // The body is optional here: a POST without one means "keep the lock, no date or file".
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) =>
      map.actionResult(
        await actions.keepLockOfProcess(
          app.db,
          request.caller,
          request.params.idProcesso,
          map.keepLockOfProcess(request.body),
        ),
      ),
  );

  for (const [i, url] of ['/s/v2/renovacao/processos/previsao-formatura', '/processos/previsao-formatura'].entries()) {
    app.post(
      url,
      {
        schema: {
          operationId: aliasOperationId('informGraduationDate', i),
          summary: 'New graduation forecast of a renewal process: restitution moves to the month after it',
          tags,
          body: Type.Ref(schemas.GraduationForecastIn),
          response: responses({ 200: Type.Ref(ActionForecastResultSchema) }, refusals),
        },
      },
      async (request) => {
        const body = request.body;
        const result = await contracts.forecast(
          app.db,
          request.caller,
          { processoId: body['id-processo'] },
          {
            previsaoFormatura: parseBrDate(body['previsao-formatura'], '/body/previsao-formatura'),
            motivo: body.motivo,
          },
        );
        const { valores, previsaoFormatura, inicioRestituicao, ...outcome } = result;
        return { ...map.actionResult(outcome), previsaoFormatura, inicioRestituicao, 'envio-valores': valores };
      },
    );
  }

  app.post(
    '/s/v1/contrato/mais-acoes/dados-complementares',
    {
      schema: {
        operationId: 'actionComplementaryData',
        summary:
          'Data to fill an action form for one entry: student, contract, allowed actions, requests in progress, lock counters and limits, reference codes',
        tags,
        body: Type.Ref(schemas.ComplementaryDataIn),
        response: responses({ 200: Type.Ref(ComplementaryDataOut) }, [404]),
      },
    },
    async (request) => complementaryData(app.db, request.caller, request.body.brbId),
  );
}
