import { Type } from '@sinclair/typebox';
import { responses } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { ProcessIdParams } from './contracts.schemas.js';
import * as schemas from './tasks.schemas.js';
import * as service from './tasks.service.js';

const tags = ['Contract story'];

/** Tasks of lock and withdrawal/dropout requests, and the previous lock of a bolsa (v1). */
export async function taskRoutes(app: App) {
  app.get(
    '/s/v1/tarefas/situacao/:processId',
    {
      schema: {
        operationId: 'listOpenProcessTasks',
        summary: 'Unfinished tasks (PENDENTE or EM_ANALISE) of kind TRANCAMENTO or AFASTAMENTO of a process',
        tags,
        params: ProcessIdParams,
        response: responses({ 200: Type.Ref(schemas.ProcessOpenTasksSchema) }, [404]),
      },
    },
    async (request) => service.openTasks(app.db, request.caller, request.params.processId),
  );

  app.get(
    '/s/v1/tarefas/detalhes/:solicitationId',
    {
      schema: {
        operationId: 'getWithdrawalTaskDetails',
        summary: 'A withdrawal/dropout (AFASTAMENTO_EVASAO) request: its data, waiting reason and tasks',
        description: 'A request of another kind answers 404 with a message saying so.',
        tags,
        params: schemas.SolicitationIdParams,
        response: responses({ 200: Type.Ref(schemas.WithdrawalDetailsSchema) }, [404]),
      },
    },
    async (request) => service.withdrawalDetails(app.db, request.caller, request.params.solicitationId),
  );

  app.get(
    '/s/v1/tarefas/detalhes-trancamento/:solicitationId',
    {
      schema: {
        operationId: 'getLockTaskDetails',
        summary: 'A lock (TRANCAMENTO) request: its status, data, waiting reason and tasks',
        description: 'A request of another kind answers 404 with a message saying so.',
        tags,
        params: schemas.SolicitationIdParams,
        response: responses({ 200: Type.Ref(schemas.LockDetailsSchema) }, [404]),
      },
    },
    async (request) => service.lockDetails(app.db, request.caller, request.params.solicitationId),
  );

  app.get(
    '/s/v1/contrato/situacao-matricula/processo/:idProcesso/trancamento-anterior/bolsa/:idBolsa',
    {
      schema: {
        operationId: 'getPreviousLock',
        summary: "The bolsa's most recent lock in a period before the process's period",
        description:
          'Answers 200 with existe false when there is none. The process and the bolsa must belong together ' +
          "(the bolsa of the process contract) and to the caller's IEs; otherwise 404.",
        tags,
        params: schemas.PreviousLockParams,
        response: responses({ 200: Type.Ref(schemas.PreviousLockSchema) }, [404]),
      },
    },
    async (request) => service.previousLock(app.db, request.caller, request.params.idProcesso, request.params.idBolsa),
  );
}
