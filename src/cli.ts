import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { reportError } from './cli/fail.js';
import { tr } from './cli/lang.js';
import type { Role } from './http/auth.js';
import { t } from './http/i18n.js';

// Startup cost matters (`renova --help`, `renova --version`, `renova token`): this file loads only
// commander and small local modules; each command imports what it needs (Fastify, PGlite, the
// seed, exceljs...) inside its action.

const ROLES = ['IE', 'API', 'OPERADOR'] as const satisfies readonly Role[];

const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError(tr(t('precisa ser um número inteiro positivo', 'must be a positive whole number')));
  return n;
};
const isoDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
    throw new InvalidArgumentError(tr(t('precisa ser uma data como aaaa-mm-dd', 'must be a date as yyyy-mm-dd')));
  return value;
};
const collectInt = (value: string, previous: number[] = []) => [...previous, positiveInt(value)];

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const program = new Command('renova')
  .description(
    tr(
      t(
        'renova — renovação semestral de contratos de crédito educativo',
        'renova — semester renewal of educational-credit contracts',
      ),
    ),
  )
  .version(version, '-v, --version', tr(t('mostra a versão', 'print the version')))
  .helpOption('-h, --help', tr(t('mostra esta ajuda', 'show this help')))
  .helpCommand('help [command]', tr(t('mostra a ajuda de um comando', 'show help for a command')));

program
  .command('serve')
  .description(
    tr(
      t(
        'roda o serviço (PGlite embutido, a menos que DATABASE_URL esteja definida); semeia uma demonstração num banco embutido vazio',
        'run the service (embedded PGlite unless DATABASE_URL is set); seeds a demo into an empty embedded database',
      ),
    ),
  )
  .option(
    '--mock',
    tr(
      t(
        'ambiente mock: banco em memória com a mesma demonstração a cada início, chave de desenvolvimento fixa',
        'mock environment: in-memory database with the same demo at every start, fixed development key',
      ),
    ),
  )
  .option(
    '--no-demo',
    tr(t('não semeia a demonstração num banco vazio', 'do not seed demo data into an empty database')),
  )
  .option(
    '--today <yyyy-mm-dd>',
    tr(
      t(
        'data de referência da demonstração (padrão: hoje; no mock, 2026-03-16)',
        "the demo's reference date (default: today; in the mock, 2026-03-16)",
      ),
    ),
    isoDate,
  )
  .action(async (options) => (await import('./cli/commands/serve.js')).serveCommand(options));

program
  .command('migrate')
  .description(tr(t('atualiza o esquema do banco', 'bring the database schema up to date')))
  .action(async () => (await import('./cli/commands/migrate.js')).migrateCommand());

program
  .command('backup <file>')
  .description(
    tr(
      t(
        'grava o banco embutido (DATA_DIR) num arquivo, também com o serviço no ar; no PostgreSQL use pg_dump',
        'write the embedded database (DATA_DIR) to a file, also while serving; on PostgreSQL use pg_dump',
      ),
    ),
  )
  .action(async (file: string) => (await import('./cli/commands/backup.js')).backupCommand(file));

program
  .command('restore <file>')
  .description(
    tr(
      t(
        'restaura um backup de `renova backup` num DATA_DIR sem banco; no PostgreSQL use pg_restore',
        'restore a `renova backup` file into a DATA_DIR with no database yet; on PostgreSQL use pg_restore',
      ),
    ),
  )
  .action(async (file: string) => (await import('./cli/commands/backup.js')).restoreCommand(file));

program
  .command('seed')
  .description(
    tr(
      t(
        'preenche um banco vazio com dados de demonstração determinísticos e realistas',
        'fill an empty database with deterministic, realistic demo data',
      ),
    ),
  )
  .option('--ies <n>', tr(t('número de IEs (ids 1..N)', 'number of IEs (ids 1..N)')), positiveInt, 3)
  .option(
    '--students <n>',
    tr(t('número de estudantes (um contrato cada)', 'number of students (one contract each)')),
    positiveInt,
    3000,
  )
  .option(
    '--seed <s>',
    tr(t('semente; a mesma semente dá os mesmos dados', 'random seed; the same seed gives the same data')),
    positiveInt,
    42,
  )
  .option(
    '--today <yyyy-mm-dd>',
    tr(
      t(
        'a data em torno da qual a jornada aberta é montada (padrão: hoje)',
        'the date the open journey is built around (default: today)',
      ),
    ),
    isoDate,
  )
  .option(
    '--if-empty',
    tr(
      t(
        'um banco que já tem dados não é erro: sai com 0 sem semear',
        'a database that already has data is not an error: exit 0 without seeding',
      ),
    ),
  )
  .action(async (options) => (await import('./cli/commands/seed.js')).seedCommand(options));

program
  .command('import')
  .description(
    tr(
      t(
        'importa uma planilha de valores (.csv ou .xlsx) como um lote de uma IE, como POST /s/v1/contrato/valores/importar-lote; com o serviço rodando no mesmo DATA_DIR, importa por ele',
        'import a values sheet (.csv or .xlsx) as one batch for an IE, like POST /s/v1/contrato/valores/importar-lote; with the service running on the same DATA_DIR, imports through it',
      ),
    ),
  )
  .argument(
    '<file>',
    tr(
      t(
        'a planilha (.csv UTF-8 ou Windows-1252, ";" ou ","; ou .xlsx); cabeçalho com as colunas do modelo (ver docs/values.md)',
        'the sheet (.csv UTF-8 or Windows-1252, ";" or ","; or .xlsx); header row with the template\'s columns (see docs/values.md)',
      ),
    ),
  )
  .requiredOption(
    '--ie <id>',
    tr(t('a IE dos estudantes da planilha', 'the IE whose students the sheet is about')),
    positiveInt,
  )
  .option(
    '--reenvio',
    tr(
      t(
        'valores enviados de novo: substitui os que ainda esperam a fundação',
        'values sent again: replace values still waiting for the foundation',
      ),
    ),
    false,
  )
  .option('--sub <sub>', tr(t('usuário registrado como remetente', 'user recorded as the sender')), 'renova-cli')
  .addHelpText(
    'after',
    `\n${tr(
      t(
        'Códigos de saída:\n  0  lote gravado, com ao menos uma linha aceita (as linhas com erro são listadas)\n  1  nada foi importado (arquivo inexistente ou recusado, IE inexistente, serviço fora do ar...)\n  2  lote gravado, mas nenhuma linha foi aceita (todas têm erro)',
        'Exit codes:\n  0  batch recorded, at least one row accepted (rows with errors are listed)\n  1  nothing was imported (missing or refused file, unknown IE, service down...)\n  2  batch recorded, but no row was accepted (every row has errors)',
      ),
    )}`,
  )
  .action(async (file, options) => (await import('./cli/commands/import.js')).importCommand(file, options));

program
  .command('token')
  .description(
    tr(
      t(
        'imprime um token bearer assinado com a chave configurada (última linha da saída)',
        'print a signed bearer token for the configured key (last line of output)',
      ),
    ),
  )
  .option(
    '--ie <id>',
    tr(t('IE em que o token pode agir (repita para várias)', 'IE id the token may act on (repeat for several)')),
    collectInt,
  )
  .addOption(new Option('--role <role>', tr(t('papel', 'role'))).choices(ROLES).default('IE'))
  .option('--sub <sub>', tr(t('id do usuário (claim sub)', 'user id (sub claim)')))
  .option('--name <name>', tr(t('nome do usuário', 'user name')))
  .option('--grupo-ie <id>', tr(t('id do grupo de IEs', 'IE group id')), positiveInt)
  .option('--ttl <ttl>', tr(t('validade, p.ex. 30m, 1h, 7d', 'lifetime, e.g. 30m, 1h, 7d')), '1h')
  .option(
    '--mock',
    tr(
      t(
        'assina com a chave fixa do ambiente mock (renova serve --mock)',
        "sign with the mock environment's fixed key (renova serve --mock)",
      ),
    ),
  )
  .action(async (options) => (await import('./cli/commands/token.js')).tokenCommand(options));

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exit(reportError(error));
}
