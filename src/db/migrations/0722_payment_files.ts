import { type Kysely, sql } from 'kysely';

/**
 * Payments files (the bank's return): one row per import, one per file row with its outcome, and
 * the key of every row already recorded, so the same file (or a later file repeating its rows)
 * records nothing twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table arquivo_pagamento (
      id bigint generated always as identity primary key,
      nome text not null,
      sha256 text not null,
      formato text not null,
      enviado_por text not null,
      total int4 not null default 0,
      registradas int4 not null default 0,
      recusadas int4 not null default 0,
      ja_registradas int4 not null default 0,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index arquivo_pagamento_sha256 on arquivo_pagamento (sha256)`.execute(db);
  await sql`
    create table arquivo_pagamento_linha (
      arquivo_id bigint not null references arquivo_pagamento (id),
      linha int4 not null,
      contrato text,
      cpf text,
      data_pagamento text,
      valor text,
      contrato_id bigint,
      resultado text not null check (resultado in ('REGISTRADO', 'RECUSADO', 'JA_REGISTRADO')),
      mensagem jsonb,
      pagamento jsonb,
      primary key (arquivo_id, linha)
    )
  `.execute(db);
  await sql`
    create table pagamento_chave (
      chave text primary key,
      arquivo_id bigint not null references arquivo_pagamento (id),
      linha int4 not null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists pagamento_chave`.execute(db);
  await sql`drop table if exists arquivo_pagamento_linha`.execute(db);
  await sql`drop table if exists arquivo_pagamento`.execute(db);
}
