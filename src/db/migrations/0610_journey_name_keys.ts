import { type Kysely, sql } from 'kysely';

/**
 * Name searches read only their journey's candidates (issue 16). 0600 put the journey beside the
 * trigrams in one GIN index, but a multicolumn GIN index keeps each column's keys apart: the search
 * still intersected the journey's posting list (≈ 60,000 entries) with trigram posting lists over
 * every journey (" so", "ana": hundreds of thousands), 2–3 ms per substring search on the seeded
 * database, and the planner often left the journey out and rechecked 4,000 rows of other journeys.
 *
 * Here each key is a journey and a trigram together (journey << 32 | hash of the trigram), so a
 * key's posting list holds one journey's entries: "ana sou" in the largest journey reads 157
 * candidates instead of 4,325. pg_trgm still makes the trigrams (show_trgm: words padded as
 * "  w ", lower case). The keys are a hash, so a search always rechecks its LIKE.
 *
 * chaves_nome(jornada, nome) is the indexed expression; chaves_termo(jornada, termo, inicio) the
 * keys a term's match must have: every trigram of its inner words, but not those at the term's
 * open ends — the last word may go on ("sou" in "souza": no "ou "), and in a substring search
 * (inicio false) the first word may start mid-word ("ana" in "mariana": no "  a", " an"). Both are
 * SQL-standard bodies (begin atomic), bound when created, so they do not depend on search_path
 * (PostgreSQL 17 runs maintenance with a restricted one).
 *
 * The keys live in their own narrow table, entrada_nome (one row per entry, kept by triggers),
 * not on entrada_jornada: every import moves its entries (situação, aba), and each such update
 * would re-index the ~20 keys of the entry's name, a name that never changes with it (the import
 * benchmark went from 4.6 to 5.0–5.5 s with the index on the entry). Names are written once, when
 * the entry is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create function chaves_nome(jornada int8, nome text) returns int8[]
language sql immutable parallel safe strict
begin atomic
  select array_agg((jornada << 32) | (hashtext(t)::int8 & 4294967295)) from unnest(show_trgm(nome)) t;
end;

create function chaves_termo(jornada int8, termo text, inicio bool) returns int8[]
language sql immutable parallel safe strict
begin atomic
  select coalesce(array_agg(distinct (jornada << 32) | (hashtext(t)::int8 & 4294967295)), '{}')
  from (select w.p, w.n, count(*) over () as total
        from unnest(regexp_split_to_array(btrim(termo), '\\s+')) with ordinality as w(p, n)) palavras,
    unnest(show_trgm(palavras.p)) t
  where (palavras.n < palavras.total or t not like '% ') and (inicio or palavras.n > 1 or t not like ' %');
end;

create table entrada_nome (
  entrada_id bigint primary key,
  jornada_id bigint not null,
  nome_busca text not null
);
insert into entrada_nome (entrada_id, jornada_id, nome_busca) select id, jornada_id, nome_busca from entrada_jornada;
create index entrada_nome_chaves_idx on entrada_nome using gin (chaves_nome(jornada_id, nome_busca));

create function entrada_nome_manter() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into entrada_nome (entrada_id, jornada_id, nome_busca) select id, jornada_id, nome_busca from novas;
  elsif tg_op = 'DELETE' then
    delete from entrada_nome n using antigas a where n.entrada_id = a.id;
  else
    update entrada_nome set jornada_id = new.jornada_id, nome_busca = new.nome_busca where entrada_id = new.id;
    return null;
  end if;
  return null;
end $$;

create trigger entrada_nome_ins after insert on entrada_jornada
  referencing new table as novas for each statement execute function entrada_nome_manter();
create trigger entrada_nome_del after delete on entrada_jornada
  referencing old table as antigas for each statement execute function entrada_nome_manter();
-- A trigger with transition tables cannot name columns, and only a rare update sets the name or the
-- journey: this one runs per row, and only for an update that sets one of them.
create trigger entrada_nome_upd after update of jornada_id, nome_busca on entrada_jornada
  for each row when (old.jornada_id is distinct from new.jornada_id or old.nome_busca is distinct from new.nome_busca)
  execute function entrada_nome_manter();

drop index if exists entrada_jornada_nome_trgm_idx;
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create index if not exists entrada_jornada_nome_trgm_idx on entrada_jornada using gin (jornada_id, nome_busca gin_trgm_ops);
drop trigger if exists entrada_nome_ins on entrada_jornada;
drop trigger if exists entrada_nome_del on entrada_jornada;
drop trigger if exists entrada_nome_upd on entrada_jornada;
drop function if exists entrada_nome_manter();
drop table if exists entrada_nome;
drop function if exists chaves_termo(int8, text, bool);
drop function if exists chaves_nome(int8, text);
`)
    .execute(db);
}
