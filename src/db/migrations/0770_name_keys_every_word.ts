import { type Kysely, sql } from 'kysely';
import { CHAVES_TERMO_RARIDADE } from './0620_name_key_frequencies.js';

/**
 * A term of several words reads a key of each word (#25). 0620's chaves_termo kept the term's three
 * rarest keys, and a word's trigrams come together: all three of "joao pe" came from
 * "joao" (oao, joa, "ao "), so the search read every name with a "joao" and nothing of "pe": 405
 * candidates in the bench's largest journey for 6 matches, each read from the heap and rechecked.
 * The rarest key of each word goes first now (oao, then " pe"), the rest by rarity up to three:
 * 12 candidates. Candidates in that journey, before → after: "joao pe"
 * 405 → 12, "jose da" 401 → 13, "silva pe" 1005 → 22, "ana paula" 490 → 21, "pedro h" 419 → 13,
 * "maria da s" 89 → 19; "ana sou" 157 and one-word terms are unchanged (their keys are the same).
 *
 * Only which keys a search reads changes: the LIKE is always rechecked, so results do not. The
 * index and its keys (chaves_nome) stay as they are: no rebuild.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create or replace function chaves_termo(jornada int8, termo text, inicio bool) returns int8[]
language plpgsql stable parallel safe strict as $$
begin
  return (
    select coalesce(array_agg((jornada << 32) | (hashtext(k.t)::int8 & 4294967295)), '{}')
    from (
      select c.t, row_number() over (order by c.da_palavra desc, c.total, c.t) as ordem
      from (
        select r.t, coalesce(f.total, 0) as total,
          row_number() over (partition by r.n order by coalesce(f.total, 0), r.t) = 1 as da_palavra
        from (
          select t, min(palavras.n) as n
          from (select w.p, w.n, count(*) over () as total
                from unnest(regexp_split_to_array(btrim(termo), '\\s+')) with ordinality as w(p, n)) palavras,
            unnest(show_trgm(palavras.p)) t
          where (palavras.n < palavras.total or t not like '% ') and (inicio or palavras.n > 1 or t not like ' %')
          group by t
        ) r(t, n)
        left join trigrama_frequencia f on f.trigrama = r.t
      ) c
    ) k
    where k.ordem <= 3 or not exists (select from trigrama_frequencia));
end $$;
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(CHAVES_TERMO_RARIDADE).execute(db);
}
