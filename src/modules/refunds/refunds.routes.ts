import { Type } from '@sinclair/typebox';
import { responses } from '../../http/schemas.js';
import type { App, Module } from '../../http/types.js';
import { registerPaymentRoutes } from './payments.routes.js';
import * as payments from './payments.service.js';
import { paymentFileSchemas } from './payments-file.schemas.js';
import * as schemas from './refunds.schemas.js';
import * as service from './refunds.service.js';

const OPERATOR = { roles: ['OPERADOR'] as const };

async function routes(app: App) {
  await registerPaymentRoutes(app);

  app.get(
    '/s/v2/contrato/valores/calcular-parcelas-reembolso',
    {
      schema: {
        operationId: 'calculateRefundInstallments',
        summary: 'Refund installments of a contract (brbId or contratoId) or of explicit terms',
        description:
          'One installment per credited month, in credit order, due monthly from the restitution start. Installment k of ' +
          'credited amount v is v × (1 + r × (m + k − 1)) (SIMPLES) or v × (1 + r)^(m + k − 1) (COMPOSTO), half-up to the cent. ' +
          "A contract's credited months come from its signed addenda; explicit terms are valor, meses, mesesAteRestituicao, " +
          'inicio, and optionally taxa (0.0035) and regime (SIMPLES). Example: valor=1000.00, mesesAteRestituicao=48 → 1168.00, 1171.50, …',
        tags: ['Refunds'],
        querystring: schemas.InstallmentsQuery,
        response: responses({ 200: Type.Ref(schemas.InstallmentsOutSchema) }, [404]),
      },
    },
    async (request) => service.installments(app.db, request.caller, request.query),
  );

  app.post(
    '/s/operador/pagamentos',
    {
      config: OPERATOR,
      schema: {
        operationId: 'recordRestitutionPayment',
        summary: 'Foundation: record a restitution installment payment (feeds the monthly transfer)',
        tags: ['Operator'],
        body: Type.Ref(schemas.PaymentInSchema),
        response: responses({ 201: Type.Ref(schemas.PaymentOutSchema) }, [404, 409, 422]),
      },
    },
    async (request, reply) => {
      const [payment] = await payments.recordPayments(app.db, request.caller, [request.body], () => '/body');
      return reply.code(201).send(payment);
    },
  );

  app.post(
    '/s/operador/pagamentos/lote',
    {
      config: OPERATOR,
      schema: {
        operationId: 'recordRestitutionPayments',
        summary: 'Foundation: record restitution payments in bulk (all or none)',
        tags: ['Operator'],
        body: schemas.PaymentsBulkBody,
        response: responses(
          {
            201: Type.Object({
              registrados: Type.Integer(),
              pagamentos: Type.Array(Type.Ref(schemas.PaymentOutSchema)),
            }),
          },
          [404, 409, 422],
        ),
      },
    },
    async (request, reply) => {
      const pagamentos = await payments.recordPayments(
        app.db,
        request.caller,
        request.body.pagamentos,
        (i) => `/body/pagamentos/${i}`,
      );
      return reply.code(201).send({ registrados: pagamentos.length, pagamentos });
    },
  );
}

export const refundsModule: Module = {
  name: 'refunds',
  schemas: [...schemas.refundsSchemas, ...paymentFileSchemas],
  routes,
};
