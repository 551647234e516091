import { type Kysely, sql } from 'kysely';

/**
 * Opening a journey writes up to 100,000 entries, processes and timeline events in one statement
 * (journey-lifecycle.repository.ts insertEligibleEntries), and every index entry and key check is
 * paid once per row. This drops what no query needs:
 *
 * - entrada_cpf_idx (cpf) and entrada_matricula_idx (matricula): every CPF and enrolment-number
 *   search on entries (dashboard lists, autocomplete) names its journeys, and 0101's
 *   entrada_jornada_cpf_idx / entrada_jornada_matricula_idx (jornada_id, cpf / matricula) serve
 *   them, for `jornada_id = any(...)` too. Lookups by CPF without a journey go through estudante.
 * - entrada_ie_tab_idx (ie_id, aba, nome_busca, id): the dashboard lists always resolve the IE to
 *   its journeys (dashboard/scope.ts) and page on the (jornada_id, ...) indexes; no query orders
 *   an IE's entries by tab and name.
 * - evento_timeline_entrada_id_fkey: a timeline event's entrada_id is a copy of its process's
 *   entry (processo.entrada_id, unique); every writer takes both from the same entry.
 *   The key that guards the reference, evento_timeline.processo_id → processo, stays, like
 *   0003_lean_entry_writes did for the other denormalized copies.
 * - entrada_jornada_contrato_id_fkey: its check ran once per entry and cost about as much as two
 *   indexes. The contract of an entry is set only where the entry is created, by an
 *   insert ... select over contrato itself (insertEligibleEntries; the seed loads contracts
 *   before entries), and is never updated; contracts are never deleted (they end by status:
 *   CANCELADO, EXCLUIDO, QUITADO) and their ids never change. The key therefore guarded against
 *   nothing any code does, while every open paid it 100,000 times.
 * - processo_entrada_id_fkey, for the same reason: a process is inserted only together with its
 *   entry, in the same statement and with the entry id drawn for it (insertEligibleEntries), its
 *   entrada_id is never updated, and entries are never deleted (they end in a terminal
 *   situação). processo.entrada_id stays unique, so an entry still has at most one process.
 * The keys that remain are those other code writes through: entry → journey and timeline →
 * process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
drop index if exists entrada_cpf_idx;
drop index if exists entrada_matricula_idx;
drop index if exists entrada_ie_tab_idx;
alter table evento_timeline drop constraint if exists evento_timeline_entrada_id_fkey;
alter table entrada_jornada drop constraint if exists entrada_jornada_contrato_id_fkey;
alter table processo drop constraint if exists processo_entrada_id_fkey;
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create index if not exists entrada_cpf_idx on entrada_jornada (cpf);
create index if not exists entrada_matricula_idx on entrada_jornada (matricula);
create index if not exists entrada_ie_tab_idx on entrada_jornada (ie_id, aba, nome_busca, id);
alter table evento_timeline add constraint evento_timeline_entrada_id_fkey
  foreign key (entrada_id) references entrada_jornada(id);
alter table entrada_jornada add constraint entrada_jornada_contrato_id_fkey
  foreign key (contrato_id) references contrato(id);
alter table processo add constraint processo_entrada_id_fkey
  foreign key (entrada_id) references entrada_jornada(id);
`)
    .execute(db);
}
