import type { TenancyCall, TenancyCase } from './tenancy-cases.js';
import type { TenancyWorld } from './tenancy-world.js';
import { multipartBody } from './values-factories.js';

/**
 * Contracts' stories, notifications, tickets, agreements, preferences, batches, audit, webhooks,
 * transfers and the operator's doors, with IE 2's ids.
 */

const refuse = (calls: (w: TenancyWorld) => TenancyCall[]): TenancyCase => ({ expect: 'notFound', calls });
const filter = (calls: (w: TenancyWorld) => TenancyCall[]): TenancyCase => ({ expect: 'noneOfTheirs', calls });
const operator = (calls: (w: TenancyWorld) => TenancyCall[]): TenancyCase => ({ expect: 'operatorOnly', calls });
const path = (params: (w: TenancyWorld) => TenancyCall['params'], body?: unknown) =>
  refuse((w) => [{ params: params(w), body }]);

const month = new Date().toISOString().slice(0, 7);

export const WORKSPACE_CASES: Record<string, TenancyCase> = {
  signInAsDemoUser: { none: "usuario names a demo user of the portal's demo mode, not a tenant's thing" },

  markNotificationViewed: path((w) => ({ idNotificacao: w.two.notificationId })),
  closeNotificationModal: path((w) => ({ idNotificacao: w.two.notificationId })),

  getContractStatus: path((w) => ({ brbId: w.two.processing.brbId })),
  getContractStatusAlias1: path((w) => ({ brbId: w.two.processing.brbId })),
  getEntryInProgress: path((w) => ({ brbId: w.two.processing.brbId })),
  getProcessInProgress: path((w) => ({ processId: w.two.processing.processoId })),
  getProcessTimeline: path((w) => ({ processId: w.two.processing.processoId })),
  listOpenProcessTasks: path((w) => ({ processId: w.two.processing.processoId })),
  getWithdrawalTaskDetails: path((w) => ({ solicitationId: w.two.processing.solicitacaoId })),
  getLockTaskDetails: path((w) => ({ solicitationId: w.two.processing.lockSolicitacaoId })),
  getPreviousLock: refuse((w) => [
    { params: { idProcesso: w.two.locked.processoId, idBolsa: w.two.locked.bolsaId }, names: "IE 2's pair" },
    {
      params: { idProcesso: w.one.locked.processoId, idBolsa: w.two.locked.bolsaId },
      names: "IE 2's bolsa",
      mixes: true,
    },
  ]),

  setIeGroupPreference: path((w) => ({ grupie: w.two.ie.grupoIeId })),
  listAgreementsByGroup: path((w) => ({ grbId: w.two.ie.grupoIeId })),
  setDefaultAgreement: path((w) => ({ id: w.two.ie.convenioId })),

  listTickets: filter((w) => [{ query: { brbId: w.two.processing.brbId }, names: "IE 2's brbId" }]),
  getTicket: path((w) => ({ idTicket: w.two.ticketId })),
  updateTicketType: refuse((w) => [{ body: { idTicket: w.two.ticketId, tipo: 'DOCUMENTACAO' } }]),

  listIeBatches: filter((w) => [
    { query: { enviadoPor: w.two.sub }, names: "IE 2's user" },
    { query: { enviadoPor: w.two.sub, formato: 'csv' }, names: "IE 2's user, CSV" },
  ]),
  getIeBatch: refuse((w) => [
    { params: { loteId: w.two.loteId } },
    { params: { loteId: w.two.loteId }, query: { formato: 'csv' }, names: 'CSV' },
  ]),
  getIeBatchErrorSheet: refuse((w) => [{ params: { loteId: w.two.loteId }, query: { formato: 'csv' } }]),
  listAuditTrail: {
    expect: 'noneOfTheirs',
    echoesIds: "IE 1's own refused attempts are in its trail with the brbId they named",
    calls: (w) => [
      { query: { usuario: w.two.sub }, names: "IE 2's user" },
      { query: { brbId: w.two.apto.brbId }, names: "IE 2's brbId" },
      { query: { loteId: w.two.loteId }, names: "IE 2's loteId" },
      { query: { loteId: w.two.loteId, formato: 'csv' }, names: "IE 2's loteId, CSV" },
    ],
  },

  createWebhookEndpoint: refuse((w) => [
    { body: { url: 'http://127.0.0.1:9/x', eventos: ['lote.processado'], ieId: w.two.ie.ieId } },
  ]),
  getWebhookEndpoint: path((w) => ({ id: w.two.endpointId })),
  updateWebhookEndpoint: path((w) => ({ id: w.two.endpointId }), { ativo: false }),
  deleteWebhookEndpoint: path((w) => ({ id: w.two.endpointId })),
  listWebhookDeliveries: path((w) => ({ id: w.two.endpointId })),
  redeliverWebhook: refuse((w) => [
    { params: { id: w.two.endpointId, entregaId: w.two.entregaId }, names: "IE 2's endpoint" },
  ]),

  getMonthlyTransfer: refuse((w) => [
    { params: { competencia: month }, query: { ieId: w.two.ie.ieId }, names: "IE 2's ieId" },
    { params: { competencia: month }, query: { ieId: w.two.ie.ieId, formato: 'csv' }, names: "IE 2's ieId, CSV" },
  ]),
  recordTransferAdjustment: operator((w) => [
    { body: { ieId: w.two.ie.ieId, competencia: month, valor: 10, descricao: 'Ajuste de teste' } },
  ]),
  recordRestitutionPayment: operator((w) => [
    { body: { contratoId: w.two.apto.contratoId, parcela: 1, dataPagamento: '2027-02-10', valorPago: 100 } },
  ]),
  recordRestitutionPayments: operator((w) => [
    {
      body: {
        pagamentos: [{ contratoId: w.two.apto.contratoId, parcela: 1, dataPagamento: '2027-02-10', valorPago: 1 }],
      },
    },
  ]),
  closeTransferMonth: operator(() => [{ params: { competencia: month } }]),
  getBatch: operator((w) => [{ params: { loteId: w.two.loteId } }]),
  acceptBatchRows: operator((w) => [{ params: { loteId: w.two.loteId }, body: {} }]),
  rejectBatchRows: operator((w) => [{ params: { loteId: w.two.loteId }, body: { motivo: 'Conferência' } }]),
  recordAddendumSignature: operator((w) => [{ params: { brbId: w.two.signing.brbId }, body: {} }]),
  // Issue 22: the foundation's back office (operator-only) and the transfer history (an IE's own).
  listOperatorBatches: operator((w) => [{ query: { ieId: w.two.ie.ieId } }]),
  listOperatorPendingSignatures: operator((w) => [{ query: { ieId: w.two.ie.ieId } }]),
  recordAddendumSignatures: operator((w) => [{ body: { brbIds: [w.two.signing.brbId] } }]),
  previewRestitutionPayment: operator((w) => [
    { body: { contratoId: w.two.apto.contratoId, dataPagamento: '2027-02-10', valorPago: 100 } },
  ]),
  importRestitutionPaymentsFile: operator((w) => {
    const file = `contrato;data do pagamento;valor\n${w.two.apto.contratoId};10/02/2027;100,00\n`;
    const { payload, headers } = multipartBody({ filename: 'pagamentos.csv', content: file });
    return [{ body: payload, headers, names: "IE 2's contract in the file" }];
  }),
  getTransferHistory: refuse((w) => [
    { query: { ieId: w.two.ie.ieId }, names: "IE 2's ieId" },
    { query: { ieId: w.two.ie.ieId, formato: 'csv' }, names: "IE 2's ieId, CSV" },
  ]),
};
