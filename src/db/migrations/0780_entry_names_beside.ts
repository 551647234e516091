import { type Kysely, sql } from 'kysely';

/** The names' trigger function, with `guard` first in its INSERT branch (down: none, as 0750 left it). */
const keep = (guard: string) => `
create or replace function entrada_nome_manter() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then${guard}
    insert into entrada_nome (entrada_id, jornada_id, nome_busca, cpf, matricula)
      select id, jornada_id, nome_busca, cpf, matricula from novas;
  elsif tg_op = 'DELETE' then
    delete from entrada_nome n using antigas a where n.entrada_id = a.id;
  else
    update entrada_nome set (jornada_id, nome_busca, cpf, matricula) = (new.jornada_id, new.nome_busca, new.cpf, new.matricula)
      where entrada_id = new.id;
    return null;
  end if;
  return null;
end $$;
`;

const LEAVE_TO_BESIDE = `
    if coalesce(current_setting('renova.nomes_a_parte', true), '') = 'on' then
      return null;
    end if;`;

/**
 * A bulk of new entries may have its names written beside it, on a second connection (#25): the
 * entries' insert sets renova.nomes_a_parte for its own statement, and the names' trigger then
 * leaves entrada_nome to that connection (journey-lifecycle/entry-names.ts). Opening a journey of
 * 100,000 contracts spent 3.05 of its 7.62 s on the names (their GIN keys and four btrees) in the
 * one backend while the machine's other core idled. Every other insert writes its names here, as
 * before; the setting is transaction-local and unset after that one statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(keep(LEAVE_TO_BESIDE)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(keep('')).execute(db);
}
