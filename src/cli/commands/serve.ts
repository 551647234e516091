import { ConfigError, loadConfig } from '../../config.js';
import { t } from '../../http/i18n.js';
import { MOCK_JWT_SECRET } from '../../http/mock-key.js';
import { setClock } from '../../lib/business-date.js';
import { ListenError, startServer } from '../../server.js';
import { startTracing } from '../../telemetry/sdk.js';
import { DEMO, MOCK_TODAY } from '../demo.js';
import { tr } from '../lang.js';
import { progressReporter } from '../progress.js';

export interface ServeCommandOptions {
  mock?: boolean;
  demo: boolean;
  today?: string;
}

/**
 * The mock's business clock: noon of its reference day in São Paulo when it starts, running from
 * there. With it, the demo's window (built around that day) is open and the window job finds
 * nothing to close, on whatever day the mock runs.
 */
function freezeBusinessDay(day: string): void {
  const startedAt = Date.now();
  const base = Date.parse(`${day}T12:00:00-03:00`);
  setClock(() => new Date(base + (Date.now() - startedAt)));
}

/**
 * Fails at once when the port is taken, instead of after migrating and seeding (startServer still
 * handles a port taken in between).
 */
async function checkPort(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? new ListenError(error.code, host, port) : error),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

export async function serveCommand(options: ServeCommandOptions): Promise<void> {
  // The mock: in-memory database and the public development key, whatever the environment says.
  const config = loadConfig(
    process.env,
    options.mock
      ? { DATA_DIR: 'memory://', JWT_SECRET: MOCK_JWT_SECRET, JWT_PUBLIC_KEY: undefined, JWKS_URL: undefined }
      : {},
  );
  if (options.mock && config.database.kind === 'postgres')
    throw new ConfigError(
      tr(
        t(
          '--mock roda num banco em memória; remova DATABASE_URL.',
          '--mock runs on an in-memory database; unset DATABASE_URL.',
        ),
      ),
    );
  await checkPort(config.host, config.port);
  const today = options.today ?? (options.mock ? MOCK_TODAY : undefined);
  if (options.mock && today) freezeBusinessDay(today);
  const demo = options.demo && config.database.kind === 'pglite' ? { ...DEMO, today } : undefined;
  // Before the database and the app exist: both ask at creation whether tracing is on (OTEL_*).
  const tracing = await startTracing();
  const progress = progressReporter();
  const server = await startServer(config, {
    onClose: () => tracing?.shutdown(),
    demo,
    onSeedProgress: progress.update,
    // The bar ends before the app exists: no log line is ever written over it.
    onDatabaseReady: progress.stop,
  }).finally(progress.stop);
  const sign = server.app.auth.sign;
  const lines = [
    tr(t(`renova está ouvindo em ${server.url}`, `renova is listening on ${server.url}`)),
    `  portal:     ${server.url}/`,
    tr(t(`  documentação da API: ${server.url}/docs`, `  API docs:   ${server.url}/docs`)),
    `  OpenAPI:    ${server.url}/openapi.json`,
  ];
  if (options.mock)
    lines.push(
      tr(
        t(
          `  mock: dados de demonstração do dia ${today}; tokens: renova token --mock --role API --ie 1`,
          `  mock: demo data as of ${today}; tokens: renova token --mock --role API --ie 1`,
        ),
      ),
    );
  // Tokens go to stdout, i.e. into the log pipeline of a real deployment: only the demo on the
  // embedded database (and the mock) prints them. Elsewhere the banner says how to mint one.
  const demoStart = config.database.kind === 'pglite' && config.env !== 'production';
  if (!demoStart) {
    lines.push(
      tr(
        t(
          '  tokens: renova token --role IE --ie <id> (ou --role OPERADOR), com a mesma chave configurada',
          '  tokens: renova token --role IE --ie <id> (or --role OPERADOR), with the same key configured',
        ),
      ),
    );
  }
  if (sign && demoStart) {
    const ieToken = await sign({
      sub: 'demo-ie-1',
      name: 'Usuária Demo IE 1',
      role: 'IE',
      ies: [1],
      grupoIe: 1,
      ttl: '12h',
    });
    const opToken = await sign({ sub: 'demo-operador', name: 'Operador Demo', role: 'OPERADOR', ttl: '12h' });
    lines.push(
      tr(t(`  token IE (IE 1, 12h):  ${ieToken}`, `  IE token (IE 1, 12h):  ${ieToken}`)),
      tr(t(`  token operador (12h):  ${opToken}`, `  Operator token (12h):  ${opToken}`)),
      tr(
        t(
          `  experimente: curl -H "Authorization: Bearer <token IE>" ${server.url}/s/v2/renovacao/planilhas-auxiliares/cursos`,
          `  try: curl -H "Authorization: Bearer <IE token>" ${server.url}/s/v2/renovacao/planilhas-auxiliares/cursos`,
        ),
      ),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
