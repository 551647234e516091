import { type Kysely, sql } from 'kysely';

/**
 * Issue 15, sections 2 and 5. The IE's own batches: a batch records where it came from (fonte)
 * and which IEs it belongs to (ie_ids: the sender's IEs; for the foundation's sends, the IEs of
 * its rows), so an IE lists its batches without scanning rows. The audit trail: one row per
 * changing request, written in the transaction of the change (efetivado) or, for a request that
 * committed nothing (a refusal, a failure), after the answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
alter table lote add column fonte text not null default 'ENVIO_UNICO'
  check (fonte in ('API', 'PLANILHA', 'ENVIO_UNICO'));
alter table lote add column ie_ids int8[] not null default '{}';
update lote set fonte = 'PLANILHA' where origem = 'PLANILHA';
update lote l set ie_ids = r.ies
from (select lote_id, array_agg(distinct ie_id order by ie_id) as ies from lote_linha
      where ie_id is not null group by lote_id) r
where r.lote_id = l.id;
create index lote_ie_ids_idx on lote using gin (ie_ids);
create index lote_criado_idx on lote (created_at desc, id desc);

create table auditoria (
  id int8 generated always as identity primary key,
  em timestamptz not null default clock_timestamp(),
  usuario text not null,
  usuario_nome text,
  papel text not null,
  operacao text not null,
  metodo text not null,
  rota text not null,
  brb_id int8,
  lote_id int8,
  ie_ids int8[] not null default '{}',
  efetivado boolean not null,
  status int4,
  request_id text not null
);
create index auditoria_em_idx on auditoria (em desc, id desc);
create index auditoria_ie_ids_idx on auditoria using gin (ie_ids);
create index auditoria_brb_idx on auditoria (brb_id) where brb_id is not null;
create index auditoria_usuario_idx on auditoria (usuario, em desc);
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
drop table if exists auditoria;
drop index if exists lote_criado_idx;
drop index if exists lote_ie_ids_idx;
alter table lote drop column if exists ie_ids;
alter table lote drop column if exists fonte;
`)
    .execute(db);
}
