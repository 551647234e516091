// Benchmark: opening a journey for an IE with 100,000 active contracts must take ≤ 5 s on
// PostgreSQL, through the HTTP API. Runs in a scratch database it creates (and drops) on the server
// of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/renova_bench); BENCH_KEEP=1 keeps it.
//   npx tsx bench/open-journey.ts [contracts]
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { mergeGinPending } from '../src/db/gin-pending.js';
import { createAuth } from '../src/http/auth.js';
import { benchCpfs, withScratchDatabase } from './scratch-db.js';

export const OPEN_JOURNEY_TARGET_S = 5;

export interface OpenJourneyBenchResult {
  name: string;
  contracts: number;
  entries: number;
  seconds: number;
  targetSeconds: number;
  pass: boolean;
}

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

/**
 * One IE with `contracts` active contracts, set-based. The previous period (2026/1) has an entry per
 * contract, 5% of them locked, so opening 2026/2 also carries locks over.
 */
async function seed(db: Db, contracts: number): Promise<number> {
  const { rows } = await sql<{ ie_id: number }>`
    with g as (insert into grupo_ie (nome, cnpj) values ('Grupo Bench', ${digits(14)}) returning id),
    i as (
      insert into ie (grupo_ie_id, nome, sigla, cnpj, cidade, uf)
      select id, 'Faculdade Bench', 'FB', ${digits(14)}, 'Porto Alegre', 'RS' from g returning id
    )
    select id as ie_id from i`.execute(db);
  const ieId = rows[0]!.ie_id;
  await sql`
    insert into turno (codigo, nome) values ('NOTURNO', 'Noturno') on conflict (codigo) do nothing;
  `.execute(db);
  await sql`
    with c as (insert into campus (ie_id, nome, cidade, uf) values (${ieId}, 'Campus Bench', 'Porto Alegre', 'RS') returning id)
    insert into curso (ie_id, campus_id, turno_id, nome, grau, duracao_semestres)
    select ${ieId}, c.id, t.id, 'Curso ' || n, 'Bacharelado', 8
    from c, (select id from turno where codigo = 'NOTURNO') t, generate_series(1, 20) n`.execute(db);
  await sql`insert into convenio (ie_id, nome, produto, taxa_mensal) values (${ieId}, 'CredIES Bench', 'CredIES', 0.0035)`.execute(
    db,
  );
  // Only this IE's new students: inside a seeded database (the scale bench) there are others.
  await sql`
    with e as (
      insert into estudante (cpf, nome, nome_busca)
      select x.cpf, 'Estudante Bench ' || x.n, 'estudante bench ' || x.n
      from ${benchCpfs(ieId, contracts)} x returning id
    )
    insert into bolsa (ie_id, convenio_id, estudante_id, curso_id, campus_id, turno_id, cod_bolsa, matricula)
    select ${ieId}, cv.id, e.id, cu.id, cu.campus_id, cu.turno_id, 'BB' || e.id, 'M' || e.id
    from e
    join (select id, campus_id, turno_id, row_number() over (order by id) - 1 as k from curso where ie_id = ${ieId}) cu
      on cu.k = e.id % 20,
    (select id from convenio where ie_id = ${ieId}) cv`.execute(db);
  await sql`
    insert into contrato (bolsa_id, ie_id, numero, primeiro_mes_credito, previsao_formatura, inicio_restituicao)
    select id, ie_id, 'CB' || id, '2023-02-01', '2027-12-31', '2028-01-01' from bolsa where ie_id = ${ieId}`.execute(
    db,
  );
  await sql`
    with j as (
      insert into jornada (ie_id, tipo, ano, semestre, status, janela_inicio, janela_fim, aberta_por)
      values (${ieId}, 'RENOVACAO', 2026, 1, 'ENCERRADA', '2026-01-05', '2026-03-01', 'bench') returning id
    )
    insert into entrada_jornada (jornada_id, ie_id, contrato_id, bolsa_id, estudante_id, curso_id, campus_id, turno_id,
      nome_busca, cpf, matricula, situacao, motivo)
    select j.id, c.ie_id, c.id, b.id, e.id, b.curso_id, b.campus_id, b.turno_id, e.nome_busca, e.cpf, b.matricula,
      case when c.id % 20 = 0 then 'SEM_RENOVACAO' else 'FINALIZADO' end,
      case when c.id % 20 = 0 then 'TRANCAMENTO' end
    from j, contrato c join bolsa b on b.id = c.bolsa_id join estudante e on e.id = b.estudante_id
    where c.ie_id = ${ieId}`.execute(db);
  // As the service does after its own bulk writes (db/gin-pending.ts): the seed's names would
  // otherwise stay in the GIN's pending list and slow the name searches of the cases after it.
  await mergeGinPending(db, 'entrada_nome_chaves_idx');
  await sql`analyze`.execute(db);
  // Left alone, the WAL these rows wrote starts the server's next checkpoint (max_wal_size) during
  // the timed opening, whose first change to each page after it then logs the whole page: the server
  // logged "checkpoints are occurring too frequently" 3 s before the opening ended (session 17,
  // 5.96-6.34 s; 5.84-5.90 s with this checkpoint).
  await sql`checkpoint`.execute(db);
  return ieId;
}

/** Creates the scratch database, seeds it, opens the journey over HTTP (app.inject) and times it. */
export async function benchOpenJourney(
  options: { url?: string; inside?: string; contracts?: number; log?: (line: string) => void } = {},
): Promise<OpenJourneyBenchResult> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const contracts = options.contracts ?? 100_000;
  return withScratchDatabase(
    'open',
    { url: options.url, inside: options.inside, log },
    async ({ name, url: target, db }) => {
      let started = performance.now();
      const ieId = await seed(db, contracts);
      log(`open-journey: seeded ${contracts} contracts in ${((performance.now() - started) / 1000).toFixed(1)} s`);

      const config = loadConfig({
        DATABASE_URL: target,
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '0',
        DATA_DIR: 'memory://',
      });
      const auth = await createAuth(config.jwt, null);
      const app = await buildApp({ config, db: db, auth, logger: false });
      await app.ready();
      const token = await auth.sign!({ sub: 'bench', role: 'IE', ies: [ieId] });
      started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/s/v2/renovacao/jornadas/abrir',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': `bench-${name}` },
        payload: { ano: 2026, semestre: 2 },
      });
      const seconds = (performance.now() - started) / 1000;
      await app.close();
      if (response.statusCode !== 200)
        throw new Error(`open-journey answered ${response.statusCode}: ${response.body}`);
      const entries = (response.json() as { jornadas: { totalEntradas: number }[] }).jornadas[0]?.totalEntradas ?? 0;
      if (entries !== contracts) throw new Error(`open-journey created ${entries} entries, expected ${contracts}`);
      const pass = seconds <= OPEN_JOURNEY_TARGET_S;
      log(
        `open-journey: ${contracts} contracts → ${entries} entries in ${seconds.toFixed(2)} s ` +
          `(target ≤ ${OPEN_JOURNEY_TARGET_S} s) ${pass ? 'PASS' : 'MISS'}`,
      );
      return { name: 'open-journey', contracts, entries, seconds, targetSeconds: OPEN_JOURNEY_TARGET_S, pass };
    },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const contracts = process.argv[2] ? Number(process.argv[2]) : undefined;
  const result = await benchOpenJourney({ contracts });
  process.exit(result.pass ? 0 : 1);
}
