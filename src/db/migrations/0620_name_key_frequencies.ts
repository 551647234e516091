import { type Kysely, sql } from 'kysely';

/** The sample's refresh (migration 0750 creates it again when it rebuilds entrada_nome). */
export const ATUALIZAR_TRIGRAMAS = `
create function atualizar_trigramas() returns void
language sql
begin atomic
  delete from trigrama_frequencia;
  insert into trigrama_frequencia (trigrama, total)
    select t, count(*) from (select nome_busca from entrada_nome limit 10000) n, unnest(show_trgm(n.nome_busca)) t
    group by t;
end;
`;

/** chaves_termo's three rarest keys (0770 replaces it, and its down migration restores this one). */
export const CHAVES_TERMO_RARIDADE = `
create or replace function chaves_termo(jornada int8, termo text, inicio bool) returns int8[]
language plpgsql stable parallel safe strict as $$
begin
  return (
    select coalesce(array_agg((jornada << 32) | (hashtext(k.t)::int8 & 4294967295)), '{}')
    from (
      select r.t, row_number() over (order by coalesce(f.total, 0), r.t) as ordem
      from (
        select distinct t
        from (select w.p, w.n, count(*) over () as total
              from unnest(regexp_split_to_array(btrim(termo), '\\s+')) with ordinality as w(p, n)) palavras,
          unnest(show_trgm(palavras.p)) t
        where (palavras.n < palavras.total or t not like '% ') and (inicio or palavras.n > 1 or t not like ' %')
      ) r(t)
      left join trigrama_frequencia f on f.trigrama = r.t
    ) k
    where k.ordem <= 3 or not exists (select from trigrama_frequencia));
end $$;
`;

/**
 * A name search reads only its rarest keys (issue 16). 0610's chaves_termo gave every trigram a
 * match must have, and GIN reads every one of their posting lists: "maria da s" has eight, each
 * common in Portuguese names ("  s" in 12,579 of the largest journey's 62,496 entries, "  d" in
 * 8,293, "ia " in 8,133, ...), so it walked 55,000 postings (1.3 ms) to find 2 candidates.
 *
 * Any subset of those keys finds the same matches, because the LIKE is always rechecked; fewer,
 * rarer keys walk shorter lists for a few more candidates. trigrama_frequencia holds how often
 * each trigram occurs in a sample of the names (the first 10,000 of entrada_nome): which
 * trigrams are rare is a property of the language's names, not of one journey, so a sample
 * serves every journey and goes stale slowly. It is refreshed by atualizar_trigramas(), which
 * the seed and the scheduled job call (name-keys.ts). chaves_termo keeps the three rarest keys (a
 * trigram the sample never saw counts as rarest); while the table is empty it keeps them all, as
 * 0610 did. In the bench's largest journey: "maria da s" reads ari, ria and " da" (~10,000
 * postings), "chaves" reads ave, hav and " ch" (931 each).
 *
 * chaves_termo is now PL/pgSQL: a SQL function's body is planned again in every statement that
 * calls it (0.45 ms a call on the bench database), a PL/pgSQL one's once per connection (0.09 ms).
 * It is in no index, so it need not be bound at creation as chaves_nome is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create table trigrama_frequencia (
  trigrama text primary key,
  total int8 not null
);

${ATUALIZAR_TRIGRAMAS}
${CHAVES_TERMO_RARIDADE}`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create or replace function chaves_termo(jornada int8, termo text, inicio bool) returns int8[]
language sql immutable parallel safe strict
begin atomic
  select coalesce(array_agg(distinct (jornada << 32) | (hashtext(t)::int8 & 4294967295)), '{}')
  from (select w.p, w.n, count(*) over () as total
        from unnest(regexp_split_to_array(btrim(termo), '\\s+')) with ordinality as w(p, n)) palavras,
    unnest(show_trgm(palavras.p)) t
  where (palavras.n < palavras.total or t not like '% ') and (inicio or palavras.n > 1 or t not like ' %');
end;
drop function if exists atualizar_trigramas();
drop table if exists trigrama_frequencia;
`)
    .execute(db);
}
