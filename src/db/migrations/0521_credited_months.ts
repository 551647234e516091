import { type Kysely, sql } from 'kysely';

/**
 * meses_parcelas(parc_meses, ano, semestre, qtd): the months (first day of each) a values row or an
 * addendum credits, read the way the refunds schedule reads them (refunds.service creditedMonths):
 * the months listed in parcMeses ("1,2,3", "07/2026;08/2026", "2026-07"; a bare month is of the
 * given year), else the first qtd months (6 by default) of the semester. An unreadable token is
 * null: the row already carries its format error (values.rows.ts), and an exception here would
 * abort the whole batch. Used by the batch check of DOMAIN.md, "Values": parcMeses within the
 * journey's semester, no month credited twice to a contract.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create function meses_parcelas(parc text, ano int, semestre int, qtd int) returns date[]
language sql immutable parallel safe as $$
  select case when parc is null or btrim(parc) = '' then
    array(select (make_date(ano, case when semestre = 1 then 1 else 7 end, 1) + make_interval(months => i))::date
      from generate_series(0, greatest(coalesce(qtd, 6), 1) - 1) i)
  else array(
    select case
      when t ~ '^[0-9]{4}-[0-9]{2}$' and substr(t, 6, 2)::int between 1 and 12
        then make_date(substr(t, 1, 4)::int, substr(t, 6, 2)::int, 1)
      when t ~ '^[0-9]{1,2}/[0-9]{4}$' and split_part(t, '/', 1)::int between 1 and 12
        then make_date(split_part(t, '/', 2)::int, split_part(t, '/', 1)::int, 1)
      when t ~ '^[0-9]{1,2}$' and t::int between 1 and 12 then make_date(ano, t::int, 1)
    end
    from regexp_split_to_table(btrim(parc), '[,;[:space:]]+') t where t <> '')
  end
$$;
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop function if exists meses_parcelas(text, int, int, int);').execute(db);
}
