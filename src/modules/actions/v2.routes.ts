import { Type } from '@sinclair/typebox';
import { aliasOperationId, Id, responses } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import * as map from './actions.mappers.js';
import { ActionResultSchema } from './actions.schemas.js';
import * as actions from './actions.service.js';
import { TIPO } from './actions.types.js';
import * as contracts from './contract-actions.service.js';
import * as statusChangeMap from './status-change.mappers.js';
import { StatusChangeIn, StatusChangeOut } from './status-change.schemas.js';
import * as statusChange from './status-change.service.js';
import * as schemas from './v2.schemas.js';

const tags = ['Mais ações (v2)'];
const Result = Type.Ref(ActionResultSchema);
const refusals = [404, 409, 422];
const BrbIdParams = Type.Object({ brbId: Id('Journey entry (brbId)') });
const ContractParams = Type.Object({
  contractId: Id('Contract id'),
  studentshipId: Id('Bolsa (scholarship) id of that contract'),
});

const END = {
  delete: { situacao: 'EXCLUIR_CONTRATO', done: 'excluído', run: contracts.remove },
  cancel: { situacao: 'CANCELAR_CONTRATO', done: 'cancelado', run: contracts.cancel },
} as const;

const endMessage = (kind: keyof typeof END, brbId: number) => ({
  sucesso: true,
  mensagem: `Contrato da entrada ${brbId} ${END[kind].done}.`,
});

export async function v2Routes(app: App) {
  const situationOps = [
    ['trancamento', 'lockEnrolmentV2', 'Enrolment lock (tipo D)', actions.lock, TIPO.lock],
    ['manutencao-vinculo', 'maintainBondV2', 'Bond maintenance (tipo S)', actions.bondMaintenance, TIPO.bond],
    [
      'afastamento-evasao',
      'withdrawOrDropOutV2',
      'Withdrawal (F) or dropout (E); tipo required',
      actions.withdrawal,
      undefined,
    ],
  ] as const;
  for (const [path, operationId, summary, run, tipo] of situationOps) {
    app.post(
      `/s/v2/renovacao/situacao-matricula/${path}`,
      {
        schema: {
          operationId,
          summary,
          tags,
          body: Type.Ref(schemas.EnrolmentSituationIn),
          response: responses({ 200: Result }, refusals),
        },
      },
      async (request) => map.actionResult(await run(app.db, request.caller, map.situationFlat(request.body, tipo))),
    );
  }

  app.post(
    '/s/v2/mais-acoes/trancamento',
    {
      schema: {
        operationId: 'lockEnrolmentForm',
        summary: 'Enrolment lock, interface 2.3 (brbId and data-ocorrido required)',
        tags,
        body: Type.Ref(schemas.LockFormIn),
        response: responses({ 200: Result }, refusals),
      },
    },
    async (request) => map.actionResult(await actions.lock(app.db, request.caller, map.lockForm(request.body))),
  );

  app.post(
    '/s/v2/manter-trancamento',
    {
      schema: {
        operationId: 'keepLockV2',
        summary: "Keep last semester's lock for this semester",
        tags,
        body: Type.Ref(schemas.KeepLockV2In),
        response: responses({ 200: Result }, refusals),
      },
    },
    async (request) => map.actionResult(await actions.keepLock(app.db, request.caller, map.keepLockV2(request.body))),
  );

  app.patch(
    '/s/v2/matricula/processo/:prcId',
    {
      schema: {
        operationId: 'editEnrolmentNumber',
        summary: 'Edit the enrolment number of a renewal process (process, entry and bolsa); timeline EDICAO_MATRICULA',
        tags,
        params: Type.Object({ prcId: Id('Renewal process id') }),
        body: Type.Ref(schemas.EnrolmentNumberIn),
        response: responses({ 200: Type.Ref(schemas.EnrolmentNumberOut) }, [404, 409]),
      },
    },
    async (request) =>
      contracts.editEnrolmentNumber(app.db, request.caller, request.params.prcId, request.body.matricula),
  );

  const alterar = [
    '/s/v2/renovacao/status-contrato/:brbId/brb-id/alterar',
    '/s/v2/status-contrato/:brbId/brb-id/alterar',
  ];
  for (const [i, url] of alterar.entries()) {
    app.post(
      url,
      {
        schema: {
          operationId: aliasOperationId('changeJourneyStatus', i),
          summary: 'Change the journey status of an entry, interface 2.1 (five variants by situacao)',
          tags,
          params: BrbIdParams,
          body: Type.Ref(StatusChangeIn),
          response: responses({ 200: Type.Ref(StatusChangeOut) }, refusals),
        },
      },
      async (request) => {
        const change = statusChangeMap.statusChange(request.body, request.params.brbId);
        return statusChangeMap.statusChangeResult(
          await statusChange.statusChange(app.db, request.caller, request.params.brbId, change),
        );
      },
    );
  }

  for (const [path, kind, operationId] of [
    ['excluir-contrato', 'delete', 'deleteContractV2'],
    ['cancelar-contrato', 'cancel', 'cancelContractV2'],
  ] as const) {
    app.post(
      `/s/v2/mais-acoes/:brbId/${path}`,
      {
        schema: {
          operationId,
          summary: `${kind === 'delete' ? 'Delete' : 'Cancel'} the contract of an entry, interface 2.2`,
          tags,
          params: BrbIdParams,
          body: Type.Ref(schemas.ContractEndIn),
          response: responses({ 200: Type.Ref(schemas.ContractEndOut) }, [404, 409]),
        },
      },
      async (request) => {
        const input = map.contractEndV2(request.body, END[kind].situacao);
        const result = await END[kind].run(app.db, request.caller, request.params.brbId, input);
        return endMessage(kind, result.brbId);
      },
    );
    const verb = kind === 'delete' ? 'excluir' : 'cancelar';
    const byContract = [
      `/s/v2/renovacao/status-contrato/:contractId/id-contrato/:studentshipId/id-bolsa/${verb}`,
      `/s/v2/status-contrato/:contractId/id-contrato/:studentshipId/id-bolsa/${verb}`,
    ];
    for (const [i, url] of byContract.entries()) {
      app.post(
        url,
        {
          schema: {
            operationId: aliasOperationId(`${operationId}ByContract`, i),
            summary: `${kind === 'delete' ? 'Delete' : 'Cancel'} a contract by contract and bolsa ids: the entry of the latest journey for them (body 2.2)`,
            tags,
            params: ContractParams,
            body: Type.Ref(schemas.ContractEndIn),
            response: responses({ 200: Type.Ref(schemas.ContractEndOut) }, [404, 409]),
          },
        },
        async (request) => {
          const input = map.contractEndV2(request.body, END[kind].situacao);
          const ids = { contratoId: request.params.contractId, bolsaId: request.params.studentshipId };
          const result = await contracts.endByContract(app.db, request.caller, kind, ids, input);
          return endMessage(kind, result.brbId);
        },
      );
    }
  }
}
