import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/database.js';
import type { MotivoSemRenovacao, Situacao } from '../../src/db/schema.js';
import { addDays, firstDayOfNextMonth, today } from '../../src/lib/business-date.js';
import { type Action, type Door, next } from '../../src/modules/lifecycle/state-machine.js';
import { problemOf, type TestContext } from './app.js';
import {
  createContract,
  createEntry,
  createIe,
  createJourney,
  type TestContract,
  type TestEntry,
  type TestIe,
  type TestJourney,
} from './factories.js';

/** Helpers for the "Mais Ações" tests: an IE with a journey, entries in any state, and what to assert on. */

export interface ActionEntry extends TestEntry, TestContract {
  ie: TestIe;
  journey: TestJourney;
}

export interface ActionWorld {
  ie: TestIe;
  journey: TestJourney;
  other: TestIe;
  otherJourney: TestJourney;
  /** A new entry of our IE (or of the other IE) in the given state. */
  entry(
    situacao?: Situacao,
    options?: {
      motivo?: MotivoSemRenovacao;
      other?: boolean;
      contract?: Parameters<typeof createContract>[2];
    },
  ): Promise<ActionEntry>;
}

export async function createActionWorld(
  db: Db,
  convenio?: NonNullable<Parameters<typeof createIe>[1]>['convenio'],
): Promise<ActionWorld> {
  const ie = await createIe(db, { convenio });
  const other = await createIe(db, { convenio });
  const journey = await createJourney(db, ie);
  const otherJourney = await createJourney(db, other);
  return {
    ie,
    journey,
    other,
    otherJourney,
    async entry(situacao = 'APTO', options = {}) {
      const owner = options.other ? other : ie;
      const j = options.other ? otherJourney : journey;
      const contract = await createContract(db, owner, options.contract);
      const entry = await createEntry(db, owner, j, contract, { situacao, motivo: options.motivo });
      return { ...contract, ...entry, ie: owner, journey: j };
    },
  };
}

export async function entryState(db: Db, brbId: number) {
  return db
    .selectFrom('entrada_jornada')
    .select(['situacao', 'motivo', 'matricula', 'versao'])
    .where('id', '=', brbId)
    .executeTakeFirstOrThrow();
}

/** The entry's timeline (values sends included, as the service reads them). */
export function timeline(db: Db, brbId: number) {
  return db
    .selectFrom('todos_eventos')
    .select([
      'id',
      'acao',
      'situacao_anterior',
      'motivo_anterior',
      'situacao_nova',
      'motivo_novo',
      'usuario',
      'detalhes',
    ])
    .where('entrada_id', '=', brbId)
    .orderBy('id')
    .execute();
}

/** The entry's requests (values sends included, as the service reads them). */
export function requests(db: Db, brbId: number) {
  return db
    .selectFrom('todas_solicitacoes')
    .select(['id', 'tipo', 'status', 'dados'])
    .where('entrada_id', '=', brbId)
    .orderBy('id')
    .execute();
}

export function tasks(db: Db, processoId: number) {
  return db
    .selectFrom('tarefa')
    .select(['id', 'tipo', 'status', 'solicitacao_id', 'dados'])
    .where('processo_id', '=', processoId)
    .orderBy('id')
    .execute();
}

export function contract(db: Db, contratoId: number) {
  return db
    .selectFrom('contrato')
    .select(['status', 'previsao_formatura', 'inicio_restituicao', 'semestres_trancados', 'trancamentos_consecutivos'])
    .where('id', '=', contratoId)
    .executeTakeFirstOrThrow();
}

export function bolsa(db: Db, bolsaId: number) {
  return db
    .selectFrom('bolsa')
    .select(['status', 'situacao_matricula', 'matricula'])
    .where('id', '=', bolsaId)
    .executeTakeFirstOrThrow();
}

/** The dashboard counters of a journey as { 'SITUACAO' | 'SITUACAO/MOTIVO': total }, zeros left out. */
export async function counters(db: Db, jornadaId: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('contador_jornada')
    .select(['situacao', 'motivo', 'total'])
    .where('jornada_id', '=', jornadaId)
    .execute();
  return Object.fromEntries(
    rows
      .filter((r) => Number(r.total) !== 0)
      .map((r) => [r.motivo ? `${r.situacao}/${r.motivo}` : r.situacao, Number(r.total)]),
  );
}

/** The counters recomputed from the entries: what the trigger-kept ones must equal. */
export async function countersFromEntries(db: Db, jornadaId: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('entrada_jornada')
    .select(['situacao', 'motivo', (eb) => eb.fn.countAll<number>().as('n')])
    .where('jornada_id', '=', jornadaId)
    .groupBy(['situacao', 'motivo'])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.motivo ? `${r.situacao}/${r.motivo}` : r.situacao, Number(r.n)]));
}

/** Everything an action could change about an entry, to assert a refusal changed nothing. */
export async function snapshot(db: Db, e: ActionEntry) {
  return {
    entry: await entryState(db, e.brbId),
    timeline: await timeline(db, e.brbId),
    requests: await requests(db, e.brbId),
    tasks: await tasks(db, e.processoId),
    contract: await contract(db, e.contratoId),
    bolsa: await bolsa(db, e.bolsaId),
    counters: await counters(db, e.journey.jornadaId),
  };
}

/** Asserts a 409 that names the situation and lists the allowed actions. */
export function assertConflict(response: LightMyRequestResponse, situacao: string, allowed?: string[]) {
  assert.equal(response.statusCode, 409, response.body);
  const problem = problemOf(response);
  assert.equal(problem.situacao, situacao);
  assert.ok(Array.isArray(problem.acoesPermitidas), 'acoesPermitidas listed');
  if (allowed) assert.deepEqual(problem.acoesPermitidas, allowed);
  return problem;
}

/** Asserts a 400 naming the field by JSON pointer. */
export function assertInvalid(response: LightMyRequestResponse, pointer: string, message?: RegExp) {
  assert.equal(response.statusCode, 400, response.body);
  const problem = problemOf(response);
  const error = problem.errors?.find((e) => e.pointer === pointer);
  assert.ok(error, `expected an error at ${pointer}, got ${JSON.stringify(problem.errors)}`);
  if (message) assert.match(error.message, message);
  return problem;
}

/** POST as an IE user of the given IE. */
export function post(t: TestContext, ie: TestIe, url: string, payload: unknown) {
  return t.call({ method: 'POST', url, payload: payload as Record<string, unknown>, ies: [ie.ieId] });
}

/** A date n days from today (São Paulo, the service's calendar) in dd-mm-yyyy. */
export function brDay(offsetDays = 0): string {
  const [y, m, day] = addDays(today(), offsetDays).split('-');
  return `${day}-${m}-${y}`;
}

/** The first day of next month (São Paulo, the service's calendar) in yyyy-mm-dd. */
export function firstOfNextMonth(): string {
  return firstDayOfNextMonth();
}

/** Counter changes between two readings, zeros left out. */
export function counterDelta(before: Record<string, number>, after: Record<string, number>) {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const out: Record<string, number> = {};
  for (const k of keys) {
    const d = (after[k] ?? 0) - (before[k] ?? 0);
    if (d !== 0) out[k] = d;
  }
  return out;
}

type State = [Situacao, MotivoSemRenovacao?];
const stateKey = ([s, m]: State | [string, string | null]) => (m ? `${s}/${m}` : s);

/** One operation described for the shared checks every action operation must pass. */
export interface ActionSpec {
  name: string;
  method?: 'POST' | 'PATCH';
  url: (e: ActionEntry) => string;
  body: (e: ActionEntry) => unknown;
  /** Role of the caller (default IE). */
  role?: 'IE' | 'API';
  from: State;
  /** Expected state after; absent: unchanged. */
  to?: State;
  acao: string;
  solicitacao?: { tipo: string; status?: string };
  tarefa?: 'TRANCAMENTO' | 'AFASTAMENTO';
  forbiddenFrom?: State;
  /** Extra assertions on the happy path. */
  check?: (e: ActionEntry, response: LightMyRequestResponse) => Promise<void>;
}

/**
 * The checks every action operation passes: effect on the entry, the timeline, the request and
 * task, and the dashboard counters; 401 without a token; another IE's id answers 404 and changes
 * nothing; a transition not allowed answers 409 naming the situation and the allowed actions,
 * changing nothing.
 */
export function actionChecks(ctx: () => { t: TestContext; w: ActionWorld }, spec: ActionSpec) {
  const call = (t: TestContext, ie: TestIe, e: ActionEntry, token?: string | null) =>
    t.call({
      method: spec.method ?? 'POST',
      url: spec.url(e),
      payload: spec.body(e) as Record<string, unknown>,
      ies: [ie.ieId],
      role: spec.role,
      ...(token === undefined ? {} : { token }),
    });

  return {
    async happy() {
      const { t, w } = ctx();
      const e = await w.entry(spec.from[0], { motivo: spec.from[1] });
      const c0 = await counters(t.db, e.journey.jornadaId);
      const response = await call(t, w.ie, e);
      assert.equal(response.statusCode, 200, response.body);
      const state = await entryState(t.db, e.brbId);
      const expected = spec.to ?? spec.from;
      assert.equal(stateKey([state.situacao, state.motivo]), stateKey(expected));
      const events = await timeline(t.db, e.brbId);
      assert.equal(events.length, 1, 'one timeline event');
      assert.equal(events[0]!.acao, spec.acao);
      assert.equal(stateKey([events[0]!.situacao_anterior!, events[0]!.motivo_anterior]), stateKey(spec.from));
      const c1 = await counters(t.db, e.journey.jornadaId);
      const moved = stateKey(expected) !== stateKey(spec.from);
      assert.deepEqual(
        counterDelta(c0, c1),
        moved ? { [stateKey(spec.from)]: -1, [stateKey(expected)]: 1 } : {},
        'counters follow the entry',
      );
      assert.deepEqual(c1, await countersFromEntries(t.db, e.journey.jornadaId));
      const reqs = await requests(t.db, e.brbId);
      if (spec.solicitacao) {
        assert.equal(reqs.length, 1);
        assert.equal(reqs[0]!.tipo, spec.solicitacao.tipo);
        assert.equal(reqs[0]!.status, spec.solicitacao.status ?? 'EM_ANDAMENTO');
      }
      const work = await tasks(t.db, e.processoId);
      if (spec.tarefa) {
        assert.equal(work.length, 1);
        assert.equal(work[0]!.tipo, spec.tarefa);
        assert.equal(work[0]!.status, 'PENDENTE');
        assert.equal(work[0]!.solicitacao_id, reqs[0]!.id);
      } else assert.equal(work.length, 0);
      await spec.check?.(e, response);
      return { e, response };
    },
    async unauthenticated() {
      const { t, w } = ctx();
      const e = await w.entry(spec.from[0], { motivo: spec.from[1] });
      const before = await snapshot(t.db, e);
      const response = await call(t, w.ie, e, null);
      assert.equal(response.statusCode, 401);
      assert.deepEqual(await snapshot(t.db, e), before, 'nothing changed');
    },
    async otherIe() {
      const { t, w } = ctx();
      const e = await w.entry(spec.from[0], { motivo: spec.from[1], other: true });
      const before = await snapshot(t.db, e);
      const response = await call(t, w.ie, e);
      assert.equal(response.statusCode, 404, response.body);
      assert.deepEqual(await snapshot(t.db, e), before, 'nothing changed');
    },
    async forbidden(allowed: (state: State) => string[], message?: RegExp) {
      const { t, w } = ctx();
      const from = spec.forbiddenFrom!;
      const e = await w.entry(from[0], { motivo: from[1] });
      const before = await snapshot(t.db, e);
      const response = await call(t, w.ie, e);
      const problem = assertConflict(response, from[0], allowed(from));
      assert.equal(problem.motivo ?? null, from[1] ?? null);
      if (message) assert.match(problem.detail, message);
      assert.deepEqual(await snapshot(t.db, e), before, 'nothing changed');
    },
  };
}

/** What the state machine lists as allowed when it refuses `action` through `door` from a state. */
export const refusalAllowed =
  (action: string, door: Door = 'padrao') =>
  (s: State): string[] => {
    const decision = next({ situacao: s[0], motivo: s[1] ?? null }, action as Action, door);
    assert.equal(decision.ok, false, `${action} must be refused from ${s.join('/')}`);
    return decision.ok ? [] : decision.allowed;
  };

/**
 * The standard tests of one action operation: its effect (entry, timeline, request, counters), 401,
 * another IE's id, and a forbidden transition answering 409 with the allowed actions.
 */
export function actionSuite(ctx: () => { t: TestContext; w: ActionWorld }, spec: ActionSpec, door: Door = 'padrao') {
  const checks = actionChecks(ctx, spec);
  const title = `${spec.method ?? 'POST'} ${spec.url({ brbId: 0, processoId: 0, contratoId: 0, bolsaId: 0 } as never)}`;
  describe(`${title} (${spec.name})`, () => {
    test(`applies ${spec.acao}: entry, timeline, request and counters`, () => checks.happy().then(() => {}));
    test('401 without a token', () => checks.unauthenticated());
    test("another IE's id is 404 and changes nothing", () => checks.otherIe());
    const from = spec.forbiddenFrom;
    if (from) {
      const message =
        door === 'alterar-status' && from[0] !== 'SEM_RENOVACAO' ? /only to entries in SEM_RENOVACAO/ : /not allowed/;
      test(`from ${from.join('/')} is 409 with the allowed actions`, () =>
        checks.forbidden(refusalAllowed(spec.acao, door), message));
    }
  });
}

/** An addendum of the entry's semester in the given status. */
export async function addendum(db: Db, e: ActionEntry, status: 'GERADO' | 'ASSINADO' | 'CANCELADO' = 'ASSINADO') {
  return db
    .insertInto('aditivo')
    .values({
      contrato_id: e.contratoId,
      entrada_id: e.brbId,
      ie_id: e.ie.ieId,
      ano: e.journey.ano,
      semestre: e.journey.semestre,
      status,
      valor: '1000.00',
      assinado_em: status === 'ASSINADO' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A request of the entry in progress (with an open task when given), as an earlier action would leave it. */
export async function openRequest(
  db: Db,
  e: ActionEntry,
  tipo: 'ENVIO_VALORES' | 'TRANCAMENTO' | 'AFASTAMENTO_EVASAO' | 'MANUTENCAO_VINCULO' | 'REVISAO_ANALISE',
  options: { status?: 'EM_ANDAMENTO' | 'CONCLUIDA'; tarefa?: 'TRANCAMENTO' | 'AFASTAMENTO' } = {},
) {
  const { id } = await db
    .insertInto('solicitacao')
    .values({
      processo_id: e.processoId,
      entrada_id: e.brbId,
      ie_id: e.ie.ieId,
      tipo,
      status: options.status ?? 'EM_ANDAMENTO',
      dados: '{}',
      criada_por: 'factory',
      concluida_em: options.status === 'CONCLUIDA' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.tarefa) {
    await db
      .insertInto('tarefa')
      .values({
        solicitacao_id: id,
        processo_id: e.processoId,
        ie_id: e.ie.ieId,
        tipo: options.tarefa,
        descricao: 'factory',
      })
      .execute();
  }
  return id;
}

/** Sets the lock counters of the entry's contract. */
export function setLockCounters(db: Db, e: ActionEntry, semestres: number, consecutivos = 0) {
  return db
    .updateTable('contrato')
    .set({ semestres_trancados: semestres, trancamentos_consecutivos: consecutivos })
    .where('id', '=', e.contratoId)
    .execute();
}
