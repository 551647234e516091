import { type Kysely, sql } from 'kysely';

/**
 * Restitution payments and closed months (DOMAIN.md, "Restitution payments and monthly
 * transfers"). An installment may now be paid in parts, so (contrato_id, parcela) is no longer
 * unique: each payment row is one part, and the installment's balance is its value minus the
 * parts. `repasse_fechamento` records the months the foundation closed by hand (a month also
 * closes by itself on the 5th of the next month, evaluated when read: no job, nothing to miss).
 * An adjustment aimed at a closed month is recorded in the open month and keeps the month it
 * refers to in `competencia_referencia`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
alter table pagamento_restituicao drop constraint if exists pagamento_restituicao_contrato_id_parcela_key;
create index pagamento_contrato_parcela_idx on pagamento_restituicao (contrato_id, parcela);

create table repasse_fechamento (
  competencia date primary key check (extract(day from competencia) = 1),
  fechado_em timestamptz not null default now(),
  fechado_por text not null
);

alter table ajuste_repasse add column competencia_referencia date
  check (extract(day from competencia_referencia) = 1);
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
alter table ajuste_repasse drop column if exists competencia_referencia;
drop table if exists repasse_fechamento;
drop index if exists pagamento_contrato_parcela_idx;
alter table pagamento_restituicao add constraint pagamento_restituicao_contrato_id_parcela_key unique (contrato_id, parcela);
`)
    .execute(db);
}
