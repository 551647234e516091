/**
 * The bare ceiling: Fastify + pg and nothing else (no auth, no hooks, no schemas), answering each
 * route with the statements renova runs for it, compiled beforehand by bench/dashboard.ts and
 * handed over in BENCH_CEILING_ROUTES ({ path: [{ sql, parameters }, ...] }: the first statement's
 * rows are the answer, a second one's `n` its total). Run in its own process, like renova, so each
 * has its own CPU account. Listens on PORT and answers GET /healthz.
 */
import Fastify from 'fastify';
import pg from 'pg';

type Statement = { sql: string; parameters: unknown[] };
const routes = JSON.parse(process.env.BENCH_CEILING_ROUTES ?? '{}') as Record<string, Statement[]>;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20, idleTimeoutMillis: 300_000 });
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
for (const [path, statements] of Object.entries(routes)) {
  app.get(path, async () => {
    const [rows, total] = await Promise.all(statements.map((s) => pool.query(s.sql, s.parameters)));
    return total ? { itens: rows?.rows, total: Number(total.rows[0]?.n ?? 0) } : rows?.rows;
  });
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
