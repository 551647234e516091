import type { TenancyCall, TenancyCase } from './tenancy-cases.js';
import type { TenancyWorld } from './tenancy-world.js';

/**
 * Dashboard, lists, journeys and their filters: each of IE 2's ids in turn as the filter. Each
 * answers 404 (not an empty page or zero counters, which a leak of numbers alone would pass).
 */

type Scope = 'journeyId' | 'ieId' | 'grupoIeId' | 'cursoId' | 'campusId';
const SCOPE: readonly Scope[] = ['journeyId', 'ieId', 'grupoIeId'];
const PLACES: readonly Scope[] = [...SCOPE, 'cursoId', 'campusId'];

const idOf = (w: TenancyWorld, name: Scope) =>
  ({
    journeyId: w.two.journey.jornadaId,
    ieId: w.two.ie.ieId,
    grupoIeId: w.two.ie.grupoIeId,
    cursoId: w.two.ie.cursoId,
    campusId: w.two.ie.campusId,
  })[name];

type Extra = Record<string, string | number> | ((w: TenancyWorld) => Record<string, string | number>);

/** One call per filter, each naming IE 2's thing; `extra` goes into every call (e.g. formato). */
function filters(names: readonly Scope[], extra: Extra = {}, params?: TenancyCall['params']) {
  return (w: TenancyWorld): TenancyCall[] =>
    names.map((name) => ({
      params,
      query: { ...(typeof extra === 'function' ? extra(w) : extra), [name]: idOf(w, name) },
      names: `IE 2's ${name}`,
    }));
}

/** The same in a JSON body (the POST /s/dashboard family). */
function bodyFilters(names: readonly Scope[]) {
  return (w: TenancyWorld): TenancyCall[] =>
    names.map((name) => ({ body: { [name]: idOf(w, name) }, names: `IE 2's ${name}` }));
}

const list = (names: readonly Scope[], extra?: Extra): TenancyCase => ({
  expect: 'notFound',
  calls: filters(names, extra),
});

/** The lists also as CSV, since an export is a second way out for the same rows. */
const exported = (names: readonly Scope[], extra: (w: TenancyWorld) => Record<string, number> = () => ({})) => ({
  expect: 'notFound' as const,
  calls: (w: TenancyWorld) => [...filters(names, extra)(w), ...filters(names, { ...extra(w), formato: 'csv' })(w)],
});

export const DASHBOARD_CASES: Record<string, TenancyCase> = {
  listShifts: list(['ieId']),
  listCourses: list(['ieId']),
  listCampuses: list(['ieId']),
  listJourneys: exported(['ieId']),
  getJourney: {
    expect: 'notFound',
    calls: (w) => [{ params: { journeyId: w.two.journey.jornadaId } }],
  },
  listContractsByTab: {
    expect: 'notFound',
    calls: (w) =>
      ['aptos', 'em-processamento', 'sem-renovacao', 'manutencao-vinculo', 'finalizados'].flatMap((tab) =>
        // Each value is also a static path; /renovacao/manutencao-vinculo is the check, filtered by scope only.
        filters(tab === 'manutencao-vinculo' ? SCOPE : PLACES, {}, { renewalTabEnum: tab })(w),
      ),
  },
  listEligibleContracts: exported(PLACES),
  listProcessingRenewals: exported(PLACES),
  listFinishedRenewals: exported(PLACES),
  listContractsWithoutRenewal: exported(PLACES),
  listBondMaintenanceStudents: exported(PLACES),
  listBondMaintenanceStudentsAlias1: exported(PLACES),
  checkBondMaintenanceExists: list(SCOPE),
  checkBondMaintenanceExistsAlias1: list(SCOPE),
  listRenewalJourneyFiltered: exported(PLACES),
  // journeyId is required: IE 2's, then IE 1's with each other filter of IE 2.
  listJourneyContracts: {
    expect: 'notFound',
    calls: (w) => [
      ...filters(['journeyId'])(w),
      ...exported(['ieId', 'grupoIeId', 'cursoId', 'campusId'], () => ({ journeyId: w.one.journey.jornadaId }))
        .calls(w)
        .map((call) => ({ ...call, mixes: true as const })),
    ],
  },
  listEntryTags: {
    expect: 'notFound',
    calls: (w) => [
      ...filters(PLACES)(w),
      { query: { brbIds: w.two.brbIds }, names: "IE 2's brbIds" },
      { query: { brbIds: [w.one.apto.brbId, w.two.apto.brbId] }, names: "IE 1's and IE 2's brbIds", mixes: true },
    ],
  },
  listPendingSignatureStudents: list(PLACES),
  listPendingSignatureStudentsAlias1: list(PLACES),
  getTabCounters: list(SCOPE),
  getRenewalCarousel: list(SCOPE),
  getDashboardCells: { expect: 'notFound', calls: bodyFilters(SCOPE) },
  getDashboardDetails: { expect: 'notFound', calls: bodyFilters(SCOPE) },
  listDashboardFilters: { expect: 'notFound', calls: bodyFilters(SCOPE) },
  listRenewalFilters: list(SCOPE),
  // A term every IE 2 student's name holds, so a leak would answer with them.
  autocompleteRenewalEntries: list(SCOPE, { termo: 'Intrusa' }),
  autocompleteBondMaintenanceStudents: list(SCOPE, { termo: 'Intrusa' }),
  autocompleteBondMaintenanceStudentsAlias1: list(SCOPE, { termo: 'Intrusa' }),
  listJourneyInsertCandidates: {
    expect: 'notFound',
    calls: (w) => [{ query: { journeyId: w.two.journey.jornadaId }, names: "IE 2's journeyId" }],
  },
  insertBeneficiaryIntoJourney: {
    expect: 'notFound',
    calls: (w) => [
      { body: { journeyId: w.two.journey.jornadaId, cpf: w.one.apto.cpf }, names: "IE 2's journey" },
      {
        body: { journeyId: w.one.journey.jornadaId, contratoId: w.two.apto.contratoId },
        names: "IE 2's contract",
        mixes: true,
      },
      { body: { journeyId: w.one.journey.jornadaId, bolsaId: w.two.apto.bolsaId }, names: "IE 2's bolsa", mixes: true },
      { body: { journeyId: w.one.journey.jornadaId, cpf: w.two.apto.cpf }, names: "IE 2's student's cpf", mixes: true },
    ],
  },
  openJourneysOfType: {
    expect: 'notFound',
    calls: (w) => [{ params: { tipo: 'RENOVACAO' }, body: { ieId: w.two.ie.ieId, ano: 2027, semestre: 1 } }],
  },
  openJourneys: {
    expect: 'notFound',
    calls: (w) => [{ body: { ieId: w.two.ie.ieId, ano: 2027, semestre: 1 }, names: "IE 2's ieId" }],
  },
  refreshJourneys: {
    expect: 'notFound',
    calls: (w) => [
      { body: { jornadaId: w.two.journey.jornadaId }, names: "IE 2's jornadaId" },
      { body: { ieId: w.two.ie.ieId }, names: "IE 2's ieId" },
    ],
  },
};
