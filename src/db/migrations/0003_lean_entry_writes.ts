import { type Kysely, sql } from 'kysely';

/**
 * Journeys are opened set-based for up to 100,000 contracts at once, and every entry carries
 * copies of its contract's ie, bolsa, student, course, campus and shift so the dashboard can
 * filter and sort on one table. Checking a foreign key for each copy cost most of the opening
 * time; the copies are written only from the contract they come from (insert ... select over
 * contrato/bolsa), so the keys that remain — entry → journey and contract, process → entry,
 * timeline → process and entry — are the ones that guard real references.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
alter table entrada_jornada
  drop constraint entrada_jornada_ie_id_fkey,
  drop constraint entrada_jornada_bolsa_id_fkey,
  drop constraint entrada_jornada_estudante_id_fkey,
  drop constraint entrada_jornada_curso_id_fkey,
  drop constraint entrada_jornada_campus_id_fkey,
  drop constraint entrada_jornada_turno_id_fkey;
alter table processo drop constraint processo_ie_id_fkey, drop constraint processo_contrato_id_fkey;
alter table evento_timeline drop constraint evento_timeline_ie_id_fkey;
`)
    .execute(db);
}
