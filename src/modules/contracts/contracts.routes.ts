import { Type } from '@sinclair/typebox';
import { aliasOperationId, responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import * as schemas from './contracts.schemas.js';
import * as service from './contracts.service.js';
import { taskRoutes } from './tasks.routes.js';
import { taskSchemas } from './tasks.schemas.js';

const tags = ['Contract story'];

const STATUS_PATHS = ['/s/v2/status-contrato/:brbId/brb-id', '/s/v2/renovacao/status-contrato/:brbId/brb-id'];

async function routes(app: App) {
  STATUS_PATHS.forEach((url, index) => {
    app.get(
      url,
      {
        schema: {
          operationId: aliasOperationId('getContractStatus', index),
          summary: 'Contract status by brbId: situation, tab, journey, contract, bolsa, latest addendum',
          description: 'Entries CANCELADO or EXCLUIDO are still answered.',
          tags,
          params: schemas.BrbIdParams,
          response: responses({ 200: Type.Ref(schemas.ContractStatusSchema) }, [404]),
        },
      },
      async (request) => service.contractStatus(app.db, request.caller, request.params.brbId),
    );
  });

  app.get(
    '/s/v2/renovacao/:brbId/existe-andamento',
    {
      schema: {
        operationId: 'getEntryInProgress',
        summary: 'Which kinds of request are in progress for a brbId (interface 2.4)',
        tags,
        params: schemas.BrbIdParams,
        response: responses({ 200: Type.Ref(schemas.InProgressSchema) }, [404]),
      },
    },
    async (request) => service.entryInProgress(app.db, request.caller, request.params.brbId),
  );

  app.get(
    '/s/v1/processo-solicitacao/:processId/existe-andamento',
    {
      schema: {
        operationId: 'getProcessInProgress',
        summary: 'Whether a renewal process has any request in progress, and which',
        tags,
        params: schemas.ProcessIdParams,
        response: responses({ 200: Type.Ref(schemas.ProcessInProgressSchema) }, [404]),
      },
    },
    async (request) => service.processInProgress(app.db, request.caller, request.params.processId),
  );

  app.get(
    '/s/v2/processos/:processId/timeline',
    {
      schema: {
        operationId: 'getProcessTimeline',
        summary: 'Timeline of a renewal process, in time order',
        tags,
        params: schemas.ProcessIdParams,
        response: responses({ 200: Type.Ref(schemas.TimelineSchema) }, [404]),
      },
    },
    async (request) => service.processTimeline(app.db, request.caller, request.params.processId),
  );

  await taskRoutes(app);
}

export const contractsModule: Module = {
  name: 'contracts',
  schemas: [...schemas.contractSchemas, ...taskSchemas],
  routes,
};
