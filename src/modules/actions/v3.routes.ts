import { Type } from '@sinclair/typebox';
import { aliasOperationId, responses } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import type { Door } from '../lifecycle/state-machine.js';
import * as map from './actions.mappers.js';
import * as schemas from './actions.schemas.js';
import * as actions from './actions.service.js';
import * as contracts from './contract-actions.service.js';
import { parseBrDate } from './dates.js';

const tags = ['Mais ações (v3)'];
const Result = Type.Ref(schemas.ActionResultSchema);
const refusals = [404, 409, 422];

const V3 = '/s/v3/mais-acoes';
const STATUS = `${V3}/alterar-status`;
const STATUS_NOTE = ' Status-change door: only for entries in SEM_RENOVACAO (409 otherwise).';

/** Each action at its default path and, where the interface has one, its alterar-status path. */
const doors = (path: string, operationId: string, withStatusChange = true) =>
  [
    [`${V3}/${path}`, 'padrao', operationId],
    ...(withStatusChange ? [[`${STATUS}/${path}`, 'alterar-status', `${operationId}StatusChange`]] : []),
  ] as [string, Door, string][];

export async function v3Routes(app: App) {
  for (const [url, door, operationId] of doors('trancamento', 'lockEnrolment')) {
    app.post(
      url,
      {
        schema: {
          operationId,
          summary: `Enrolment lock (tipo D): the entry goes to SEM_RENOVACAO/TRANCAMENTO and a lock request with a task opens.${door === 'alterar-status' ? STATUS_NOTE : ''}`,
          tags,
          body: Type.Ref(schemas.LockIn),
          response: responses({ 200: Result }, refusals),
        },
      },
      async (request) => map.actionResult(await actions.lock(app.db, request.caller, map.lockV3(request.body, door))),
    );
  }

  for (const [url, door, operationId] of doors('afastamento-evasao', 'withdrawOrDropOut')) {
    app.post(
      url,
      {
        schema: {
          operationId,
          summary: `Withdrawal (F) or dropout (E), interface 2.7; a dropout brings restitution forward.${door === 'alterar-status' ? STATUS_NOTE : ''}`,
          tags,
          body: Type.Ref(schemas.WithdrawalIn),
          response: responses({ 200: Result }, refusals),
        },
      },
      async (request) =>
        map.actionResult(await actions.withdrawal(app.db, request.caller, map.withdrawalV3(request.body, door))),
    );
  }

  for (const [url, door, operationId] of doors('manutencao-vinculo', 'maintainBond')) {
    app.post(
      url,
      {
        schema: {
          operationId,
          summary: `Bond maintenance (tipo S): the entry goes to MANUTENCAO_VINCULO.${door === 'alterar-status' ? STATUS_NOTE : ''}`,
          tags,
          body: Type.Ref(schemas.BondIn),
          response: responses({ 200: Result }, refusals),
        },
      },
      async (request) =>
        map.actionResult(await actions.bondMaintenance(app.db, request.caller, map.bondV3(request.body, door))),
    );
  }

  for (const [url, door, operationId] of doors('manter-trancamento', 'keepLock')) {
    app.post(
      url,
      {
        schema: {
          operationId,
          summary: `Keep last semester's lock (entry in SEM_RENOVACAO/TRANCAMENTO); counts against both convênio lock limits.${door === 'alterar-status' ? STATUS_NOTE : ''}`,
          tags,
          body: Type.Ref(schemas.KeepLockIn),
          response: responses({ 200: Result }, refusals),
        },
      },
      async (request) =>
        map.actionResult(await actions.keepLock(app.db, request.caller, map.keepLockV3(request.body, door))),
    );
  }

  const inactivation: [string, Door, string][] = [
    ...doors('inativar-estudante', 'inactivateStudent'),
    ['/s/api/v3/mais-acoes/inativar-estudante', 'padrao', aliasOperationId('inactivateStudent', 1)],
  ];
  for (const [url, door, operationId] of inactivation) {
    app.post(
      url,
      {
        schema: {
          operationId,
          summary: `Inactivate the student in the journey: SEM_RENOVACAO/INATIVO.${door === 'alterar-status' ? STATUS_NOTE : ''}`,
          tags,
          body: Type.Ref(schemas.InactivateIn),
          response: responses({ 200: Result }, refusals),
        },
      },
      async (request) => {
        const body = request.body;
        return map.actionResult(await actions.inactivate(app.db, request.caller, body.brbId, body.motivo, door));
      },
    );
  }

  app.post(
    `${STATUS}/revisao-analise`,
    {
      schema: {
        operationId: 'requestAnalysisReviewStatusChange',
        summary: `Analysis review: the entry goes to REVISAO_ANALISE with a review request.${STATUS_NOTE}`,
        tags,
        body: Type.Ref(schemas.ReviewIn),
        response: responses({ 200: Result }, refusals),
      },
    },
    async (request) => {
      const body = request.body;
      return map.actionResult(await actions.review(app.db, request.caller, body.brbId, body.motivo, 'alterar-status'));
    },
  );

  for (const [path, kind, operationId, summary] of [
    [
      'excluir-contrato',
      'delete',
      'deleteContract',
      'Delete the contract (EXCLUIDO); refused once an addendum was signed',
    ],
    [
      'cancelar-contrato',
      'cancel',
      'cancelContract',
      'Cancel the contract (CANCELADO); restitution is brought forward',
    ],
  ] as const) {
    app.post(
      `${V3}/${path}`,
      {
        schema: {
          operationId,
          summary,
          tags,
          body: Type.Ref(schemas.ContractEndV3In),
          response: responses({ 200: Result }, [404, 409]),
        },
      },
      async (request) => {
        const body = request.body;
        const input = map.contractEndV3(body);
        const run = kind === 'cancel' ? contracts.cancel : contracts.remove;
        return map.actionResult(await run(app.db, request.caller, body.brbId, input));
      },
    );
  }

  app.post(
    `${V3}/previsao-formatura`,
    {
      schema: {
        operationId: 'sendGraduationForecast',
        summary:
          'New graduation forecast: restitution moves to the month after it; the situation stays. Values carried follow "send values".',
        tags,
        body: Type.Ref(schemas.ForecastV3In),
        response: responses({ 200: Type.Ref(schemas.ActionForecastResultSchema) }, refusals),
      },
    },
    async (request) => {
      const body = request.body;
      const result = await contracts.forecast(
        app.db,
        request.caller,
        { brbId: body.brbId },
        {
          previsaoFormatura: parseBrDate(body.previsaoFormatura, '/body/previsaoFormatura'),
          motivo: body.motivo,
          valores: body.valores,
          reenvio: body.reenvio,
        },
      );
      const { valores, previsaoFormatura, inicioRestituicao, ...outcome } = result;
      return { ...map.actionResult(outcome), previsaoFormatura, inicioRestituicao, 'envio-valores': valores };
    },
  );
}
