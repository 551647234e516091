import { type Kysely, sql } from 'kysely';
import * as nameKeysEveryWord from './0770_name_keys_every_word.js';

/**
 * A term's keys read each trigram's frequency by its primary key (#25). chaves_termo (0770) joined
 * the term's trigrams to trigrama_frequencia, and its generic plan, made for a term of unknown
 * size, hashed the whole sample (847 rows on the bench database) on every call: 0.24 ms a call,
 * once per keyed tier a name search runs (1.0–1.2 times a request for "ana sou", "maria da s").
 * With a lookup per trigram, as commonWord (name-keys.ts) already reads the sample, a call takes
 * 0.10–0.13 ms (pgbench, prepared, same machine, alternating); inside the service's autocomplete
 * (pg_stat_user_functions over 200 requests, each definition twice in turn) 0.30–0.35 ms against
 * 0.44–0.50 ms. The keys, and their order, are the same: only how the frequencies are read changes.
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
        select r.t, r.total,
          row_number() over (partition by r.n order by r.total, r.t) = 1 as da_palavra
        from (
          select t, min(palavras.n) as n,
            coalesce((select f.total from trigrama_frequencia f where f.trigrama = t), 0) as total
          from (select w.p, w.n, count(*) over () as total
                from unnest(regexp_split_to_array(btrim(termo), '\\s+')) with ordinality as w(p, n)) palavras,
            unnest(show_trgm(palavras.p)) t
          where (palavras.n < palavras.total or t not like '% ') and (inicio or palavras.n > 1 or t not like ' %')
          group by t
        ) r(t, n, total)
      ) c
    ) k
    where k.ordem <= 3 or not exists (select from trigrama_frequencia));
end $$;
`)
    .execute(db);
}

/** 0770's chaves_termo again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await nameKeysEveryWord.up(db);
}
