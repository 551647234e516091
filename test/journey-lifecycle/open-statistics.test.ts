import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { eligibleEntriesStatement } from '../../src/modules/journey-lifecycle/eligible-entries.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { createContracts } from '../helpers/lifecycle-factories.js';

/**
 * Opening a journey right after a bulk load, where nothing gathers planner statistics (PGlite has
 * no autovacuum; neither has a PostgreSQL run without it). Planned without them, the eligibility
 * statement took each of the IE's filters for one row and re-scanned the IE's scholarships for
 * every contract and every previous-period entry: the demo's IE 1 (1,400 contracts) opened its
 * regularization journey in a minute, every other request of the embedded database waiting. The
 * check is on the plan (EXPLAIN without ANALYZE), not on a clock.
 */
const CONTRACTS = 1500;

let t: TestContext;
let big: TestIe;
let small: TestIe;
let autovacuum = false;

/** An IE's contracts loaded set-based, and its closed 2026/1 journey: every third entry ended not renewed. */
async function bulkLoad(ie: TestIe) {
  await sql`
    insert into estudante (cpf, nome, nome_busca)
    select lpad((${ie.ieId}::int8 * 10000000 + n)::text, 11, '0'), 'Estudante Carga ' || n, 'estudante carga ' || n
    from generate_series(1, ${CONTRACTS}::int) n`.execute(t.db);
  await sql`
    insert into bolsa (ie_id, convenio_id, estudante_id, curso_id, campus_id, turno_id, cod_bolsa, matricula)
    select ${ie.ieId}, ${ie.convenioId}, e.id, ${ie.cursoId}, ${ie.campusId}, ${ie.turnoId}, 'BC' || e.id,
      'CARGA-' || substring(e.nome from 17)
    from estudante e where e.nome_busca like 'estudante carga %'`.execute(t.db);
  await sql`
    insert into contrato (bolsa_id, ie_id, numero, primeiro_mes_credito, previsao_formatura, inicio_restituicao)
    select id, ie_id, 'CC' || id, '2023-02-01', '2027-12-31', '2028-01-01' from bolsa where ie_id = ${ie.ieId}`.execute(
    t.db,
  );
  await sql`
    with j as (
      insert into jornada (ie_id, tipo, ano, semestre, status, janela_inicio, janela_fim, aberta_por)
      values (${ie.ieId}, 'RENOVACAO', 2026, 1, 'ENCERRADA', '2026-01-05', '2026-03-01', 'carga') returning id
    )
    insert into entrada_jornada (jornada_id, ie_id, contrato_id, bolsa_id, estudante_id, curso_id, campus_id, turno_id,
      nome_busca, cpf, matricula, situacao, motivo)
    select j.id, c.ie_id, c.id, b.id, e.id, b.curso_id, b.campus_id, b.turno_id, e.nome_busca, e.cpf, b.matricula,
      case when substring(b.matricula from 7)::int % 3 = 0 then 'SEM_RENOVACAO' else 'FINALIZADO' end,
      case when substring(b.matricula from 7)::int % 3 = 0 then 'NAO_RENOVADO' end
    from j, contrato c join bolsa b on b.id = c.bolsa_id join estudante e on e.id = b.estudante_id
    where c.ie_id = ${ie.ieId}`.execute(t.db);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Join Filter'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** The plan of the statement that opening the big IE's 2026/2 regularization journey runs. */
async function regularizationPlan(): Promise<PlanNode[]> {
  const statement = eligibleEntriesStatement({
    journey: { id: 0, ie_id: big.ieId, tipo: 'REGULARIZACAO', ano: 2026, semestre: 2 },
    rule: 'NAO_RENOVADOS_ANTERIOR',
    acao: 'ABERTURA_JORNADA',
    caller: { sub: 'teste', name: 'Teste' },
  });
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`explain (format json) ${statement}`.execute(t.db);
  return flatten(rows[0]!['QUERY PLAN'][0].Plan);
}

/** What the slow plan did: the IE's scholarships matched to each contract by a filter, not by key. */
const scholarshipsByFilter = (plan: PlanNode[]) =>
  plan.flatMap((n) =>
    n['Join Filter']?.includes('bolsa_id = b.id') ? [`${n['Node Type']} on ${n['Join Filter']}`] : [],
  );
const contractsEstimate = (plan: PlanNode[]) => plan.find((n) => n['Relation Name'] === 'contrato')?.['Plan Rows'];

/** Opens the IE's 2026/2 journey through the API (as an IE user); answers the journey opened. */
async function open2026s2(url: string, ie: TestIe) {
  const response = await t.call({ method: 'POST', url, ies: [ie.ieId], payload: { ano: 2026, semestre: 2 } });
  assert.equal(response.statusCode, 200, response.body);
  type Opened = { tipo: string; totalEntradas: number; contadores: unknown };
  return (response.json() as { jornadas: Opened[] }).jornadas[0]!;
}

before(async () => {
  t = await createTestApp();
  const launcher = await sql<{ n: number }>`
    select count(*)::int8 as n from pg_stat_activity where backend_type = 'autovacuum launcher'`.execute(t.db);
  autovacuum = launcher.rows[0]!.n > 0;
  big = await createIe(t.db);
  small = await createIe(t.db);
  await bulkLoad(big);
  await createContracts(t.db, small, 2);
});
after(() => t.close());

test('after a bulk load, opening a journey plans over its real row counts', async (ctx) => {
  if (autovacuum) return ctx.skip('autovacuum gathers the statistics on this server');
  // As loaded, without statistics: the shape of the minute-long opening.
  const loaded = await regularizationPlan();
  assert.equal(contractsEstimate(loaded), 1);
  assert.notDeepEqual(scholarshipsByFilter(loaded), []);

  // Any opening (here the small IE's) first analyzes the stale tables it reads.
  assert.equal((await open2026s2('/s/v2/renovacao/jornadas/abrir', small)).totalEntradas, 2);
  assert.deepEqual(scholarshipsByFilter(await regularizationPlan()), []);
});

test('the big IE then opens its regularization journey with the contracts not renewed in 2026/1', async () => {
  const jornada = await open2026s2('/s/v2/renovacao/jornadas/regularizacao/abrir', big);
  assert.equal(jornada.tipo, 'REGULARIZACAO');
  assert.equal(jornada.totalEntradas, 500);
  assert.deepEqual(jornada.contadores, [{ situacao: 'APTO', motivo: null, total: 500 }]);
});

/** Merges entrada_nome's pending name keys now; answers how many pending pages there were. */
const pendingNamePages = async () =>
  Number(
    (
      await sql<{ n: number }>`select gin_clean_pending_list('entrada_nome_chaves_idx'::regclass)::int8 as n`.execute(
        t.db,
      )
    ).rows[0]!.n,
  );

test('a bulk opening merges the name keys it wrote, so a name search right after reads no pending list', async () => {
  const jornada = await open2026s2('/s/v2/renovacao/jornadas/abrir', big);
  assert.equal(jornada.totalEntradas, CONTRACTS);
  assert.equal(await pendingNamePages(), 0);
  // The check sees a pending list when there is one: a name written on its own stays pending.
  await sql`insert into entrada_nome (entrada_id, jornada_id, nome_busca, cpf, matricula)
    values (-1, 0, 'nome avulso', '00000000000', 'AVULSA')`.execute(t.db);
  assert.ok((await pendingNamePages()) > 0);
});
