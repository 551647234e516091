import type { ListItem } from './dashboard.schemas.js';
import type { EntryRow } from './list-query.js';

/** A journey-entry row as the dashboard lists show it. */
export function toListItem(r: EntryRow): ListItem {
  return {
    brbId: r.id,
    processoId: r.processo_id,
    jornadaId: r.jornada_id,
    contratoId: r.contrato_id,
    bolsaId: r.bolsa_id,
    nomeEstudante: r.estudante_nome,
    cpf: r.cpf,
    matricula: r.matricula,
    curso: { id: r.curso_id, nome: r.curso_nome },
    campus: { id: r.campus_id, nome: r.campus_nome },
    turno: { id: r.turno_id, nome: r.turno_nome },
    situacao: r.situacao,
    motivo: r.motivo,
    aba: r.aba,
    tags: r.tags,
    atualizadoEm: r.updated_at.toISOString(),
    ano: r.ano,
    semestre: r.semestre,
    ieId: r.ie_id,
  };
}

/** The Page envelope of every list operation. */
export function toPage<T>(itens: T[], pagina: number, tamanho: number, total: number) {
  return { itens, pagina, tamanho, total, totalPaginas: Math.ceil(total / tamanho) };
}
