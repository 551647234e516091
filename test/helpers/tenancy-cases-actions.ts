import { yesterday } from './demo-walk.js';
import type { TenancyCall, TenancyCase } from './tenancy-cases.js';
import type { TenancyWorld } from './tenancy-world.js';
import { multipartBody, valuesItem } from './values-factories.js';

/**
 * Actions and values with IE 2's entries, each on an entry in a state the action would start
 * from (bodies as the demo walk sends them), so only tenancy stands between the call and a write.
 */

type Pick = (w: TenancyWorld) => TenancyWorld['two']['apto'];
const apto: Pick = (w) => w.two.apto;
const locked: Pick = (w) => w.two.locked;
const processing: Pick = (w) => w.two.processing;

const refuse = (calls: (w: TenancyWorld) => TenancyCall[]): TenancyCase => ({ expect: 'notFound', calls });
/** A body naming IE 2's entry by brbId. */
const byBrbId = (entry: Pick, body: Record<string, unknown> = {}) =>
  refuse((w) => [{ body: { brbId: entry(w).brbId, ...body }, names: "IE 2's brbId" }]);
/** A path naming IE 2's entry by brbId. */
const atBrbId = (entry: Pick, body: Record<string, unknown>) =>
  refuse((w) => [{ params: { brbId: entry(w).brbId }, body, names: "IE 2's brbId" }]);
/** contractId + studentshipId: IE 2's pair, and IE 2's contract with IE 1's bolsa. */
const byContract = (body: Record<string, unknown>) =>
  refuse((w) => [
    { params: { contractId: w.two.apto.contratoId, studentshipId: w.two.apto.bolsaId }, body, names: "IE 2's pair" },
    {
      params: { contractId: w.two.apto.contratoId, studentshipId: w.one.apto.bolsaId },
      body,
      names: 'mixed pair',
      mixes: true,
    },
  ]);
/** A values batch whose row names IE 2's entry: answered row by row, the row refused. */
const valuesBatch = (extra: (w: TenancyWorld) => Record<string, unknown> = () => ({})): TenancyCase => ({
  expect: 'rowErrors',
  calls: (w) => [{ body: { valores: [valuesItem(w.two.apto.brbId)], ...extra(w) }, names: "IE 2's brbId in valores" }],
});

const bond = { motivo: 'TCC', motivoComplementar: 'Só o TCC', dataOcorrido: yesterday(), contratosFirmados: 5 };
const lock = { dataOcorrido: yesterday() };
const reason = { motivo: 'Pedido do estudante' };

export const ACTION_CASES: Record<string, TenancyCase> = {
  lockEnrolment: byBrbId(apto, lock),
  lockEnrolmentStatusChange: byBrbId(locked, lock),
  withdrawOrDropOut: byBrbId(apto, { dataOcorrido: yesterday(), motivo: '3' }),
  withdrawOrDropOutStatusChange: byBrbId(locked, { dataOcorrido: yesterday(), motivo: 'Abandonou o curso' }),
  maintainBond: byBrbId(apto, { ...bond, inicioReembolso: '2027-08-01' }),
  maintainBondStatusChange: byBrbId(locked, { ...bond, inicioReembolso: '2027-08-01' }),
  keepLock: byBrbId(locked, lock),
  keepLockStatusChange: byBrbId(locked, lock),
  inactivateStudent: byBrbId(apto, reason),
  inactivateStudentStatusChange: byBrbId(locked, {}),
  inactivateStudentAlias1: byBrbId(apto, reason),
  requestAnalysisReviewStatusChange: byBrbId(locked, { motivo: 'Valores informados corretamente' }),
  deleteContract: byBrbId(apto, { motivo: 'Cadastro duplicado' }),
  cancelContract: byBrbId(apto, reason),
  sendGraduationForecast: byBrbId(apto, { previsaoFormatura: '15-12-2029' }),
  lockEnrolmentV2: byBrbId(apto, { 'data-ocorrido': yesterday() }),
  maintainBondV2: byBrbId(apto, { motivo: 'DEPENDENCIA', 'contratos-firmados': 2, 'inicio-reembolso': '2027-08-01' }),
  withdrawOrDropOutV2: byBrbId(apto, {
    tipo: 'F',
    motivo: '2',
    'situacao-matricula': 'F',
    'data-ocorrido': yesterday(),
  }),
  // id-processo, id-solicitacao and cpf are the form's echo, recorded on the entry as sent (interface
  // 2.3, LockFormIn), never looked up: the entry is the brbId's.
  lockEnrolmentForm: byBrbId(apto, { 'data-ocorrido': `${yesterday().split('-').reverse().join('-')}T12:00:00-03:00` }),
  keepLockV2: byBrbId(locked, { 'data-ocorrido': yesterday() }),
  editEnrolmentNumber: refuse((w) => [
    { params: { prcId: w.two.processing.processoId }, body: { matricula: '2026/X' } },
  ]),
  changeJourneyStatus: atBrbId(processing, { situacao: 'REVISAO_ANALISE', motivo: 'Rever percentual' }),
  changeJourneyStatusAlias1: atBrbId(processing, { situacao: 'REVISAO_ANALISE', motivo: 'Rever percentual' }),
  deleteContractV2: atBrbId(apto, { situacao: 'EXCLUIR_CONTRATO', ...reason }),
  cancelContractV2: atBrbId(apto, { situacao: 'CANCELAR_CONTRATO', ...reason }),
  deleteContractV2ByContract: byContract(reason),
  deleteContractV2ByContractAlias1: byContract(reason),
  cancelContractV2ByContract: byContract(reason),
  cancelContractV2ByContractAlias1: byContract(reason),
  updateEnrolmentSituation: byBrbId(apto, { tipo: 'D', 'situacao-matricula': 'T', 'data-ocorrido': yesterday() }),
  keepLockOfProcess: refuse((w) => [
    { params: { idProcesso: w.two.locked.processoId }, body: { 'data-ocorrido': yesterday() } },
  ]),
  informGraduationDate: refuse((w) => [
    { body: { 'id-processo': w.two.processing.processoId, 'previsao-formatura': '31-07-2029', motivo: 'TCC' } },
  ]),
  informGraduationDateAlias1: refuse((w) => [
    { body: { 'id-processo': w.two.processing.processoId, 'previsao-formatura': '31-07-2029', motivo: 'TCC' } },
  ]),
  actionComplementaryData: byBrbId(locked),
  sendValuesV3: valuesBatch((w) => ({ dadosTrancamento: { brbId: w.two.locked.brbId, dataOcorrido: yesterday() } })),
  sendValuesStatusChange: valuesBatch((w) => ({
    dadosTrancamento: { brbId: w.two.locked.brbId, dataOcorrido: yesterday() },
  })),
  importValuesSheet: {
    expect: 'rowErrors',
    calls: (w) => {
      const sheet = `brbId,nomeEstudante,qtdParcelasCobertura,valorCtrPrestServico,percentualConcedido,valorContrato\n${w.two.apto.brbId},Estudante,6,9000.00,50,4500.00\n`;
      const { payload, headers } = multipartBody({ filename: 'valores.csv', content: sheet });
      return [{ body: payload, headers, names: "IE 2's brbId in the sheet" }];
    },
  },
  sendContractValues: valuesBatch(),
  getValuesByProcess: refuse((w) => [{ params: { idProcesso: w.two.apto.processoId, ano: 2026, semestre: 2 } }]),
  getValuesByBrbId: refuse((w) => [{ params: { brbId: w.two.apto.brbId } }]),
  getValuesSheetData: {
    expect: 'noneOfTheirs',
    calls: (w) => [
      { body: { ieId: w.two.ie.ieId }, names: "IE 2's ieId" },
      { body: { jornadaId: w.two.journey.jornadaId }, names: "IE 2's jornadaId" },
      { body: { brbIds: w.two.brbIds, formato: 'csv' }, names: "IE 2's brbIds" },
    ],
  },
  calculateRefundInstallments: refuse((w) => [
    { query: { brbId: w.two.apto.brbId }, names: "IE 2's brbId" },
    { query: { contratoId: w.two.apto.contratoId }, names: "IE 2's contratoId" },
  ]),

  // Bulk actions: every entry the filters of IE 2's journey list (404 before anything starts); a
  // brbIds list naming IE 2's entries is refused entry by entry (test/bulk/bulk.test.ts).
  ...Object.fromEntries(
    (
      [
        ['bulkInactivateStudents', {}],
        ['bulkLockEnrolment', lock],
        ['bulkWithdrawOrDropOut', { dataOcorrido: yesterday(), motivo: '3' }],
        ['bulkMaintainBond', bond],
        ['bulkKeepLock', {}],
        ['bulkRequestAnalysisReview', reason],
        ['bulkCancelContract', reason],
        ['bulkDeleteContract', reason],
      ] as const
    ).map(([operationId, body]) => [
      operationId,
      refuse((w) => [{ body: { ...body, filtros: { journeyId: w.two.journey.jornadaId } }, names: "IE 2's journey" }]),
    ]),
  ),
  getBulkAction: refuse((w) => [{ params: { bulkActionId: w.two.bulkActionId }, names: "IE 2's bulk action" }]),
};
