import { loadConfig } from '../../config.js';
import { migrateToLatest } from '../../db/migrate.js';
import { t } from '../../http/i18n.js';
import { openDatabase } from '../data-dir.js';
import { tr } from '../lang.js';

export async function migrateCommand(): Promise<void> {
  const database = await openDatabase(loadConfig(), 'migrate');
  try {
    const ran = (await migrateToLatest(database.db)).results ?? [];
    process.stdout.write(
      ran.length
        ? ran.map((r) => `${tr(t('aplicada', 'applied'))} ${r.migrationName}\n`).join('')
        : `${tr(t('o esquema já está atualizado', 'schema is up to date'))}\n`,
    );
  } finally {
    await database.close();
  }
}
