import { loadConfig } from '../../config.js';
import { migrateToLatest } from '../../db/migrate.js';
import { t } from '../../http/i18n.js';
import { seedIfEmpty } from '../../seed/index.js';
import { openDatabase } from '../data-dir.js';
import { CliError } from '../fail.js';
import { tr } from '../lang.js';
import { progressReporter } from '../progress.js';

export interface SeedCommandOptions {
  ies: number;
  students: number;
  seed: number;
  today?: string;
  /** A database that already has data is fine: exit 0 without seeding (scripts that seed "if needed"). */
  ifEmpty?: boolean;
}

export async function seedCommand(options: SeedCommandOptions): Promise<void> {
  const database = await openDatabase(loadConfig(), 'seed');
  const progress = progressReporter();
  const started = Date.now();
  try {
    await migrateToLatest(database.db);
    const { ifEmpty, ...seedOptions } = options;
    const seeded = await seedIfEmpty(database.db, { ...seedOptions, onProgress: progress.update });
    progress.stop();
    if (!seeded) {
      const ies = await database.db
        .selectFrom('ie')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const why = t(
        `o banco já tem dados (${ies.n} IEs); nada foi semeado.`,
        `the database already has data (${ies.n} IEs); nothing was seeded.`,
      );
      if (!ifEmpty)
        throw new CliError(
          t(
            `recusado: ${why.pt} A demonstração só vai num banco vazio: use outro DATA_DIR ou DATABASE_URL, ou --if-empty para aceitar um banco com dados.`,
            `refused: ${why.en} The demo only goes into an empty database: use another DATA_DIR or DATABASE_URL, or --if-empty to accept a database with data.`,
          ),
        );
      process.stdout.write(`${tr(why)}\n`);
      return;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `${tr(t(`semeados ${options.ies} IEs e ${options.students} estudantes em ${seconds} s`, `seeded ${options.ies} IEs and ${options.students} students in ${seconds} s`))}\n`,
    );
  } finally {
    progress.stop();
    await database.close();
  }
}
