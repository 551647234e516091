import { Type } from '@sinclair/typebox';
import { answered } from '../../http/i18n.js';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { now as clockNow } from '../../lib/business-date.js';
import * as batches from './operator.batches.js';
import * as schemas from './operator.schemas.js';
import * as service from './operator.service.js';
import { pendingSignatures, signMany } from './signatures.js';

/**
 * The foundation's back office (role OPERADOR), under /s/operador: not in the interface, needed
 * for the lifecycle the dashboard shows (processing and signature). Restitution payments are in
 * the refunds module and transfer adjustments in the transfers module, under the same prefix.
 */
const config = { roles: ['OPERADOR'] as const };
const tags = ['Operator'];

async function routes(app: App) {
  app.get(
    '/s/operador/lotes',
    {
      config,
      schema: {
        operationId: 'listOperatorBatches',
        summary: "Foundation: every IE's values batches, with the rows awaiting a decision counted",
        description:
          'Newest first. `aguardando` counts the rows whose processamento is AGUARDANDO (what the foundation decides ' +
          'on); filters by IE, batch status and the São Paulo day the batch was sent.',
        tags,
        querystring: schemas.OperatorBatchListQuery,
        response: responses({ 200: Type.Ref(schemas.OperatorBatchPageSchema) }),
      },
    },
    async (request) => batches.listBatches(app.db, request.query),
  );

  app.get(
    '/s/operador/lotes/:loteId',
    {
      config,
      schema: {
        operationId: 'getBatch',
        summary: 'Foundation: a values batch with its rows (paged)',
        tags,
        params: schemas.LoteParams,
        querystring: schemas.BatchQuery,
        response: responses({ 200: Type.Ref(schemas.BatchOutSchema) }, [404]),
      },
    },
    async (request) =>
      batches.batchDetail(app.db, request.params.loteId, {
        processamento: request.query.processamento,
        pagina: request.query.pagina ?? 1,
        tamanho: request.query.tamanhoPagina ?? 100,
      }),
  );

  app.post(
    '/s/operador/lotes/:loteId/aceitar',
    {
      config,
      schema: {
        operationId: 'acceptBatchRows',
        summary: 'Foundation: accept rows (addendum generated, entry AGUARDANDO_ASSINATURA)',
        tags,
        params: schemas.LoteParams,
        body: schemas.AcceptBody,
        response: responses({ 200: Type.Ref(schemas.DecisionOutSchema) }, [404, 409]),
      },
    },
    async (request) =>
      service.decide(app.db, request.caller, 'ACEITO', { loteId: request.params.loteId, linhas: request.body?.linhas }),
  );

  app.post(
    '/s/operador/lotes/:loteId/recusar',
    {
      config,
      schema: {
        operationId: 'rejectBatchRows',
        summary: 'Foundation: reject rows (entry back to APTO, the reason on its timeline, IE notified)',
        tags,
        params: schemas.LoteParams,
        body: schemas.RejectBody,
        response: responses({ 200: Type.Ref(schemas.DecisionOutSchema) }, [404, 409]),
      },
    },
    async (request) =>
      service.decide(app.db, request.caller, 'RECUSADO', {
        loteId: request.params.loteId,
        linhas: request.body.linhas,
        motivo: request.body.motivo,
      }),
  );

  app.post(
    '/s/operador/renovacoes/:brbId/assinatura',
    {
      config,
      schema: {
        operationId: 'recordAddendumSignature',
        summary: 'Foundation: the student signed the semester addendum (entry FINALIZADO)',
        tags,
        params: schemas.BrbIdParams,
        body: schemas.SignatureBody,
        response: responses({ 200: Type.Ref(schemas.SignatureOutSchema) }, [404, 409, 422]),
      },
    },
    async (request) => {
      const at = request.body?.assinadoEm ? new Date(request.body.assinadoEm) : clockNow();
      return service.sign(app.db, request.caller, request.params.brbId, at);
    },
  );
}

async function signatureRoutes(app: App) {
  app.get(
    '/s/operador/ies',
    {
      config,
      schema: {
        operationId: 'listOperatorIes',
        summary: 'Foundation: every IE (id, acronym, name), for the filters of the back-office screens',
        tags,
        response: responses({ 200: Type.Ref(schemas.IeListOutSchema) }),
      },
    },
    async () => ({
      itens: await app.db.selectFrom('ie').select(['id', 'sigla', 'nome']).orderBy('sigla').orderBy('id').execute(),
    }),
  );

  app.get(
    '/s/operador/assinaturas',
    {
      config,
      schema: {
        operationId: 'listOperatorPendingSignatures',
        summary: 'Foundation: addenda waiting for the signature, per IE, oldest first, with their age in days',
        tags,
        querystring: schemas.PendingQuery,
        response: responses({ 200: Type.Ref(schemas.PendingOutSchema) }),
      },
    },
    async (request) => pendingSignatures(app.db, request.query),
  );

  app.post(
    '/s/operador/assinaturas',
    {
      config,
      schema: {
        operationId: 'recordAddendumSignatures',
        summary: 'Foundation: several students signed (each entry FINALIZADO on its own; a result per student)',
        description:
          'Each brbId is signed as by recordAddendumSignature, in its own transaction: one refusal (not waiting, ' +
          'unknown) never blocks the others and is answered in its result.',
        tags,
        body: schemas.SignManyBody,
        response: responses({ 200: Type.Ref(schemas.SignManyOutSchema) }, [422]),
      },
    },
    async (request) => {
      const at = request.body.assinadoEm ? new Date(request.body.assinadoEm) : clockNow();
      return answered(await signMany(app.db, request.caller, request.body.brbIds, at));
    },
  );
}

export const operatorModule: Module = {
  name: 'operator',
  schemas: schemas.operatorSchemas,
  routes: async (app) => {
    await routes(app);
    await signatureRoutes(app);
  },
};
