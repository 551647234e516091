import { type Kysely, sql } from 'kysely';

/**
 * Journey lifecycle: stored answers of requests sent with an Idempotency-Key
 * (http/idempotency.ts) and the once-only journey warnings the window job sends
 * (modules/journey-lifecycle/close-windows.job.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
-- One row per (caller, operation, key). A claim is inserted before the handler runs (EM_ANDAMENTO)
-- and completed with the answer after it (CONCLUIDA); a 5xx deletes it so a retry can run.
create table chave_idempotencia (
  usuario text not null,
  operacao text not null,
  chave text not null check (length(chave) between 1 and 200),
  hash_requisicao char(64) not null,
  estado text not null default 'EM_ANDAMENTO' check (estado in ('EM_ANDAMENTO','CONCLUIDA')),
  status_resposta integer,
  content_type text,
  corpo bytea,
  created_at timestamptz not null default now(),
  concluida_em timestamptz,
  primary key (usuario, operacao, chave)
);
create index chave_idempotencia_created_idx on chave_idempotencia (created_at);

-- A warning sent once per journey (JANELA_FECHANDO); the primary key makes "once" hold under
-- concurrent job runs.
create table jornada_aviso (
  jornada_id bigint not null references jornada(id),
  tipo text not null,
  created_at timestamptz not null default now(),
  primary key (jornada_id, tipo)
);
`)
    .execute(db);
}
