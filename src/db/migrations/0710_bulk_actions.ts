import { type Kysely, sql } from 'kysely';

/**
 * Issue 21, item 2: bulk actions on journey entries. A bulk action is one request that applies the
 * same single-entry action to up to 5,000 entries, each in its own transaction; the request
 * answers at once and the work goes on in the background, so the portal polls it for progress.
 * Each item keeps its outcome (done / refused with the API's message in both languages).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create table acao_em_lote (
  id int8 generated always as identity primary key,
  acao text not null,
  usuario text not null,
  usuario_nome text,
  ie_ids int8[] not null default '{}',
  dados jsonb not null,
  total int4 not null,
  correlacao_id text not null,
  estado text not null default 'EM_ANDAMENTO' check (estado in ('EM_ANDAMENTO', 'CONCLUIDA', 'INTERROMPIDA')),
  criada_em timestamptz not null default now(),
  atualizada_em timestamptz not null default now(),
  concluida_em timestamptz
);
create index acao_em_lote_ie_ids_idx on acao_em_lote using gin (ie_ids);

create table acao_em_lote_item (
  acao_lote_id int8 not null references acao_em_lote (id) on delete cascade,
  ordem int4 not null,
  brb_id int8 not null,
  estudante_nome text,
  cpf text,
  resultado text not null default 'PENDENTE' check (resultado in ('PENDENTE', 'FEITO', 'RECUSADO')),
  status int4,
  mensagem jsonb,
  situacao text,
  primary key (acao_lote_id, ordem)
);
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table acao_em_lote_item; drop table acao_em_lote;').execute(db);
}
