/** The types of reference list 'tipo-ticket' (the operation's schema names them). */
export const TYPES: Record<string, string> = {
  DUVIDA: 'Dúvida',
  DOCUMENTACAO: 'Documentação',
  CORRECAO_VALORES: 'Correção de valores',
  SUPORTE_TECNICO: 'Suporte técnico',
};
export const STATUS: Record<string, string> = {
  ABERTO: 'Aberto',
  EM_ATENDIMENTO: 'Em atendimento',
  FECHADO: 'Fechado',
};
export const REQUEST_STATUS: Record<string, string> = {
  EM_ANDAMENTO: 'Em andamento',
  CONCLUIDA: 'Concluída',
  CANCELADA: 'Cancelada',
  RECUSADA: 'Recusada',
};
export const typeLabel = (code: string | null | undefined) => (code ? (TYPES[code] ?? code) : '—');
export const TYPE_OPTIONS = Object.entries(TYPES).map(([value, label]) => ({ value, label }));
