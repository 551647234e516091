/** The API's failures (RFC 9457 problems) as the portal shows them. */

export interface FieldProblem {
  pointer: string;
  message: string;
}

export interface Problem {
  status: number;
  title?: string;
  detail?: string;
  erro?: string;
  errors?: FieldProblem[];
}

/** A failed API call: the problem the service answered, and the message to show for it. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(readonly problem: Problem) {
    super(problemMessage(problem));
  }
  get status(): number {
    return this.problem.status;
  }
}

const FALLBACK: Record<number, string> = {
  401: 'Sua sessão expirou. Entre novamente.',
  403: 'Você não tem permissão para esta operação.',
  404: 'Não encontrado.',
  429: 'Muitas requisições seguidas. Aguarde um instante e tente de novo.',
  500: 'Erro no servidor. Tente novamente em instantes.',
};

/** The text a person reads: the API's detail (already pt-BR), else a sentence for the status. */
export function problemMessage(problem: Problem): string {
  return problem.detail || problem.erro || FALLBACK[problem.status] || problem.title || `Erro ${problem.status}.`;
}

/** Reads any error body into a Problem (a proxy's HTML page, a network failure…). */
export function toProblem(status: number, body: unknown): Problem {
  if (body && typeof body === 'object' && 'status' in body) return body as Problem;
  return { status };
}

/**
 * Field messages of a problem by form field: `/body/dataOcorrido` → `dataOcorrido`. A message
 * whose pointer names no field of the form is left for the form's general alert.
 */
export function fieldErrors(problem: Problem | undefined, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of problem?.errors ?? []) {
    const field = error.pointer.split('/').filter(Boolean).at(-1);
    if (field && fields.includes(field) && !out[field]) out[field] = error.message;
  }
  return out;
}

/** The part of a problem no field shows: its detail unless every field error is placed. */
export function generalMessage(problem: Problem | undefined, fields: readonly string[]): string | null {
  if (!problem) return null;
  const placed = fieldErrors(problem, fields);
  const all = problem.errors ?? [];
  if (all.length > 0 && all.every((e) => Object.values(placed).includes(e.message))) return null;
  return problemMessage(problem);
}
