import { type Kysely, sql } from 'kysely';

/**
 * The convênio's calendar (DOMAIN.md, "Journey periods"): for each period, the days in which a
 * renewal journey may be opened. The foundation fills it; an IE user opens a journey only inside
 * its period's window (the foundation may open outside it). A period without a row has no window
 * set, and opening it is not restricted by date (docs/decisions.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create table calendario_convenio (
  id int8 generated always as identity primary key,
  convenio_id int8 not null references convenio (id),
  ano int4 not null check (ano between 2000 and 2100),
  semestre int4 not null check (semestre in (1, 2)),
  abertura_inicio date not null,
  abertura_fim date not null,
  check (abertura_fim >= abertura_inicio),
  unique (convenio_id, ano, semestre)
);
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists calendario_convenio;').execute(db);
}
