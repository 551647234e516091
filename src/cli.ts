import { Command, InvalidArgumentError, Option } from 'commander';
import { importFile } from './cli/import.js';
import { progressReporter } from './cli/progress.js';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { MigrationError, migrateToLatest } from './db/migrate.js';
import { createAuth, ROLES, type Role } from './http/auth.js';
import { AppError } from './http/errors.js';
import { seedIfEmpty } from './seed/index.js';
import { startServer } from './server.js';

const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive whole number');
  return n;
};
const isoDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
    throw new InvalidArgumentError('must be a date as yyyy-mm-dd');
  return value;
};
const collectInt = (value: string, previous: number[] = []) => [...previous, positiveInt(value)];

/** The demo a fresh embedded database gets, and the mock environment serves at every start. */
export const DEMO = { ies: 3, students: 3000, seed: 42 };

const program = new Command('renova').description('renova — semester renewal of educational-credit contracts');

program
  .command('serve')
  .description(
    'run the service (embedded PGlite unless DATABASE_URL is set); seeds a demo into an empty embedded database',
  )
  .option('--mock', 'mock environment: in-memory database with the same deterministic demo at every start')
  .option('--no-demo', 'do not seed demo data into an empty database')
  .action(async (options: { mock?: boolean; demo: boolean }) => {
    const config = loadConfig(process.env, options.mock ? { DATA_DIR: 'memory://' } : {});
    if (options.mock && config.database.kind === 'postgres')
      throw new ConfigError('--mock runs on an in-memory database; unset DATABASE_URL.');
    const demo = options.demo && config.database.kind === 'pglite' ? DEMO : undefined;
    const progress = progressReporter();
    const server = await startServer(config, { demo, onSeedProgress: progress.update });
    progress.stop();
    const sign = server.app.auth.sign;
    const lines = [
      `renova is listening on ${server.url}`,
      `  API docs:   ${server.url}/docs`,
      `  OpenAPI:    ${server.url}/openapi.json`,
    ];
    if (sign) {
      const ieToken = await sign({
        sub: 'demo-ie-1',
        name: 'Usuária Demo IE 1',
        role: 'IE',
        ies: [1],
        grupoIe: 1,
        ttl: '12h',
      });
      const opToken = await sign({ sub: 'demo-operador', name: 'Operador Demo', role: 'OPERADOR', ttl: '12h' });
      lines.push(`  IE token (IE 1, 12h):  ${ieToken}`, `  Operator token (12h):  ${opToken}`);
      lines.push(
        `  try: curl -H "Authorization: Bearer <IE token>" ${server.url}/s/v2/renovacao/planilhas-auxiliares/cursos`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  });

program
  .command('migrate')
  .description('bring the database schema up to date')
  .action(async () => {
    const config = loadConfig();
    const database = await createDatabase(config.database);
    try {
      const result = await migrateToLatest(database.db);
      const ran = result.results ?? [];
      process.stdout.write(
        ran.length ? ran.map((r) => `applied ${r.migrationName}\n`).join('') : 'schema is up to date\n',
      );
    } finally {
      await database.close();
    }
  });

program
  .command('seed')
  .description('fill an empty database with deterministic, realistic demo data')
  .option('--ies <n>', 'number of IEs (ids 1..N)', positiveInt, 3)
  .option('--students <n>', 'number of students (one contract each)', positiveInt, 3000)
  .option('--seed <s>', 'random seed; the same seed gives the same data', positiveInt, 42)
  .option('--today <yyyy-mm-dd>', 'the date the open journey is built around (default: today)', isoDate)
  .action(async (options: { ies: number; students: number; seed: number; today?: string }) => {
    const config = loadConfig();
    const database = await createDatabase(config.database);
    const progress = progressReporter();
    const started = Date.now();
    try {
      await migrateToLatest(database.db);
      const seeded = await seedIfEmpty(database.db, { ...options, onProgress: progress.update });
      progress.stop();
      process.stdout.write(
        seeded
          ? `seeded ${options.ies} IEs and ${options.students} students in ${((Date.now() - started) / 1000).toFixed(1)} s\n`
          : 'the database already has data; nothing was seeded\n',
      );
    } finally {
      progress.stop();
      await database.close();
    }
  });

program
  .command('import')
  .description(
    'import a values sheet (.csv or .xlsx) as one batch for an IE, like POST /s/v1/contrato/valores/importar-lote',
  )
  .argument('<file>', 'the sheet; header row with the FillValuesInDto field names (see docs/values.md)')
  .requiredOption('--ie <id>', 'the IE whose students the sheet is about', positiveInt)
  .option('--reenvio', 'values sent again: replace values still waiting for the foundation', false)
  .option('--sub <sub>', 'user recorded as the sender', 'renova-cli')
  .action(async (file: string, options: { ie: number; reenvio: boolean; sub: string }) => {
    const config = loadConfig();
    const database = await createDatabase(config.database);
    const progress = progressReporter();
    try {
      await migrateToLatest(database.db);
      const ie = await database.db.selectFrom('ie').select('id').where('id', '=', options.ie).executeTakeFirst();
      if (!ie) throw new InvalidArgumentError(`IE ${options.ie} does not exist in this database`);
      const result = await importFile(database.db, { file, ieId: options.ie, ...options, onProgress: progress.update });
      progress.stop();
      const lines = [
        `batch ${result.lote}: ${result.registrosComSucesso} accepted, ${result.registrosComErro} with errors, ${result.registrosPendentes} pending (${result.arquivo.linhas} rows of ${result.arquivo.nome})`,
        ...result.linhasComErro.slice(0, 20),
        ...(result.linhasComErro.length > 20
          ? [`... and ${result.linhasComErro.length - 20} more rows with errors`]
          : []),
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      progress.stop();
      await database.close();
    }
  });

program
  .command('token')
  .description('print a signed bearer token for the configured key (last line of output)')
  .option('--ie <id>', 'IE id the token may act on (repeat for several)', collectInt)
  .addOption(new Option('--role <role>', 'role').choices(ROLES).default('IE'))
  .option('--sub <sub>', 'user id (sub claim)')
  .option('--name <name>', 'user name')
  .option('--grupo-ie <id>', 'IE group id', positiveInt)
  .option('--ttl <ttl>', 'lifetime, e.g. 30m, 1h, 7d', '1h')
  .action(
    async (options: { ie?: number[]; role: Role; sub?: string; name?: string; grupoIe?: number; ttl: string }) => {
      if (options.role !== 'OPERADOR' && !options.ie?.length)
        throw new InvalidArgumentError('an IE or API token needs at least one --ie');
      if (!/^\d+[smhdw]$/.test(options.ttl))
        throw new InvalidArgumentError('--ttl takes a number and a unit: s, m, h, d or w');
      const config = loadConfig();
      const auth = await createAuth(config.jwt, config.dataDir);
      if (!auth.sign)
        throw new ConfigError(
          'This configuration only verifies tokens (public key or JWKS); set JWT_PRIVATE_KEY to sign.',
        );
      const sub = options.sub ?? (options.role === 'OPERADOR' ? 'operador' : `usuario-ie-${options.ie?.[0]}`);
      process.stdout.write(
        `${await auth.sign({ sub, name: options.name, role: options.role, ies: options.ie, grupoIe: options.grupoIe, ttl: options.ttl })}\n`,
      );
    },
  );

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof MigrationError ||
    error instanceof InvalidArgumentError ||
    error instanceof AppError
  ) {
    process.stderr.write(`renova: ${error.message}\n`);
  } else {
    process.stderr.write(`renova: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
}
