import { Type } from '@sinclair/typebox';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { BULK_ACTIONS } from './bulk.actions.js';
import { BulkRunner } from './bulk.runner.js';
import * as schemas from './bulk.schemas.js';
import * as service from './bulk.service.js';

const tags = ['Ações em lote'];
const BASE = '/s/v3/mais-acoes/em-lote';
const Bulk = Type.Ref(schemas.BulkActionSchema);

const HOW =
  'Answers 202 at once with the bulk action (estado EM_ANDAMENTO, every entry PENDENTE); the entries are then ' +
  'processed one by one, each in its own transaction, by the same service as the single-entry route: same rules, ' +
  'same refusals (404 for an id that is not one of the caller’s entries, another IE’s included: nothing happens to it; ' +
  '409 for a situation that does not allow the action; 422 for a rule), same timeline event and one audit row per ' +
  'entry with the single-entry operationId, all carrying this request’s id (correlacaoId). One refusal never stops ' +
  'the others. Poll GET ' +
  BASE +
  '/{bulkActionId} for progress and per-entry results. Supports Idempotency-Key: a repeat answers the same bulk action ' +
  'and starts nothing. Why asynchronous: 5,000 entries, each its own transaction with its timeline and audit rows, take ' +
  'minutes on a busy server, longer than proxies and browsers keep a request open.';

async function routes(app: App) {
  const runner = new BulkRunner(app.db, app.log);
  app.addHook('onClose', () => runner.stop());

  for (const def of BULK_ACTIONS) {
    app.post(
      `${BASE}/${def.path}`,
      {
        schema: {
          operationId: def.operationId,
          summary: def.summary,
          description: HOW,
          tags,
          body: schemas.bulkBody(def),
          response: responses({ 202: Bulk }, [404, 422]),
        },
      },
      async (request, reply) => {
        const result = await service.start(app.db, runner, request, def, request.body as Record<string, unknown>);
        return reply.code(202).send(result);
      },
    );
  }

  app.get(
    `${BASE}/:bulkActionId`,
    {
      schema: {
        operationId: 'getBulkAction',
        summary: 'A bulk action: progress, counts and per-entry results (done / refused with the reason)',
        description:
          'Readable by the users of the IEs that started it (the foundation reads all); another IE’s bulk action answers 404. ' +
          'Messages of refused entries come in this request’s language. tamanho=0 answers the counts only (for polling).',
        tags,
        params: schemas.BulkParams,
        querystring: schemas.BulkQuery,
        response: responses({ 200: Bulk }, [404]),
      },
    },
    async (request) => service.view(app.db, request.caller, request.params.bulkActionId, request.query),
  );
}

export const bulkModule: Module = { name: 'bulk', schemas: schemas.bulkSchemas, routes };
