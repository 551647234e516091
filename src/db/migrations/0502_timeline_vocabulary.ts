import { type Kysely, sql } from 'kysely';

/**
 * One timeline vocabulary (DOMAIN.md, "Timeline vocabulary"; lifecycle/timeline-actions.ts): the
 * demo data wrote other spellings than live actions for the same facts. Stored events are rewritten
 * to the live codes; a withdrawal-or-dropout event becomes AFASTAMENTO or EVASAO by its `tipo`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
update evento_timeline set acao = case acao
    when 'ENVIO_VALORES' then 'ENVIAR_VALORES'
    when 'ALTERAR_STATUS_ENVIO_VALORES' then 'ENVIAR_VALORES'
    when 'ASSINATURA_ADITIVO' then 'ASSINATURA'
    when 'INATIVAR_ESTUDANTE' then 'INATIVAR'
    when 'CANCELAR_CONTRATO' then 'CANCELAR'
    when 'EXCLUIR_CONTRATO' then 'EXCLUIR'
    when 'AFASTAMENTO_EVASAO' then case when detalhes->>'tipo' = 'E' or motivo_novo = 'EVASAO' then 'EVASAO' else 'AFASTAMENTO' end
  end
where acao in ('ENVIO_VALORES', 'ALTERAR_STATUS_ENVIO_VALORES', 'ASSINATURA_ADITIVO', 'INATIVAR_ESTUDANTE',
  'CANCELAR_CONTRATO', 'EXCLUIR_CONTRATO', 'AFASTAMENTO_EVASAO');
`)
    .execute(db);
}

/** The old spellings carried no more information than the new ones: nothing to undo. */
export async function down(): Promise<void> {}
