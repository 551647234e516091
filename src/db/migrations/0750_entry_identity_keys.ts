import { type Kysely, sql } from 'kysely';
import { ATUALIZAR_TRIGRAMAS } from './0620_name_key_frequencies.js';

/**
 * The CPF and matrícula searches read entrada_nome, not entrada_jornada (issue 25). Like the name
 * (0610), an entry's CPF and matrícula are written once, with the entry, and no import changes
 * them; but their (jornada_id, cpf) and (jornada_id, matricula) indexes sat on entrada_jornada,
 * whose every import update (a new situação, never HOT) added a tuple to each: 0.38 s of the
 * update of 100,000 entries (1.66 s → 1.28 s, rolled-back runs on the bench's scratch database).
 * On entrada_nome they cost the same once, when the entry is written, and nothing after. They end
 * in the entry's id, the suggestions' tie-break: a prefix walks them in its page's order and stops
 * at the page's end (with the order by CPF or matrícula alone, the 134 entries of a matrícula
 * prefix were all read and sorted: 0.58 ms instead of 0.05).
 *
 * entrada_nome is rebuilt with the two columns (a copy joined to the entries, then its indexes
 * built sorted), rather than updated in place: an update would add every row's ~20 name keys to
 * the GIN index again. atualizar_trigramas (0620) reads the table from a SQL-standard body, bound
 * to it, so it is dropped and created again with it.
 */
const keep = (columns: string) => `
create or replace function entrada_nome_manter() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into entrada_nome (entrada_id, jornada_id, nome_busca${columns}) select id, jornada_id, nome_busca${columns} from novas;
  elsif tg_op = 'DELETE' then
    delete from entrada_nome n using antigas a where n.entrada_id = a.id;
  else
    update entrada_nome set (jornada_id, nome_busca${columns}) = (new.jornada_id, new.nome_busca${columns.replace(/, /g, ', new.')})
      where entrada_id = new.id;
    return null;
  end if;
  return null;
end $$;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
drop function if exists atualizar_trigramas();
create table entrada_nome_nova (
  entrada_id bigint not null,
  jornada_id bigint not null,
  nome_busca text not null,
  cpf char(11) not null,
  matricula text not null
);
insert into entrada_nome_nova (entrada_id, jornada_id, nome_busca, cpf, matricula)
  select n.entrada_id, n.jornada_id, n.nome_busca, e.cpf, e.matricula
  from entrada_nome n join entrada_jornada e on e.id = n.entrada_id;
drop table entrada_nome;
alter table entrada_nome_nova rename to entrada_nome;
alter table entrada_nome add constraint entrada_nome_pkey primary key (entrada_id);
create index entrada_nome_chaves_idx on entrada_nome using gin (chaves_nome(jornada_id, nome_busca));
create index entrada_nome_ordem_idx on entrada_nome (jornada_id, nome_busca collate "C", entrada_id);
create index entrada_nome_cpf_idx on entrada_nome (jornada_id, cpf, entrada_id);
create index entrada_nome_matricula_idx on entrada_nome (jornada_id, matricula, entrada_id);
drop index if exists entrada_jornada_cpf_idx;
drop index if exists entrada_jornada_matricula_idx;
${ATUALIZAR_TRIGRAMAS}
${keep(', cpf, matricula')}
drop trigger if exists entrada_nome_upd on entrada_jornada;
create trigger entrada_nome_upd after update of jornada_id, nome_busca, cpf, matricula on entrada_jornada
  for each row when ((old.jornada_id, old.nome_busca, old.cpf, old.matricula)
    is distinct from (new.jornada_id, new.nome_busca, new.cpf, new.matricula))
  execute function entrada_nome_manter();
analyze entrada_nome;
`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
create index if not exists entrada_jornada_cpf_idx on entrada_jornada (jornada_id, cpf);
create index if not exists entrada_jornada_matricula_idx on entrada_jornada (jornada_id, matricula);
drop trigger if exists entrada_nome_upd on entrada_jornada;
${keep('')}
create trigger entrada_nome_upd after update of jornada_id, nome_busca on entrada_jornada
  for each row when (old.jornada_id is distinct from new.jornada_id or old.nome_busca is distinct from new.nome_busca)
  execute function entrada_nome_manter();
drop index if exists entrada_nome_cpf_idx;
drop index if exists entrada_nome_matricula_idx;
alter table entrada_nome drop column cpf, drop column matricula;
`)
    .execute(db);
}
