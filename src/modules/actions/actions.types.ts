import type { Door } from '../lifecycle/state-machine.js';

/** Enrolment-situation kinds (reference list tipo-situacao-matricula). */
export const TIPO = { lock: 'D', withdrawal: 'F', dropout: 'E', bond: 'S' } as const;

/**
 * An enrolment situation as every door sends it, in domain words. Mappers build it from each
 * body family; dates are already checked and in yyyy-mm-dd.
 */
export interface SituationInput {
  tipo: string;
  situacaoMatricula?: string;
  situacaoRestituicao?: string;
  motivo?: string;
  motivoComplementar?: string;
  dataOcorrido?: string;
  inicioReembolso?: string;
  contratosFirmados?: number;
  caminhoArquivo?: string;
  textoLivre?: string;
  /** Informational fields of the form (e.g. the 2.3 echo of student and bolsa), kept on the request. */
  formulario?: Record<string, unknown>;
}

export type SituationField = Exclude<keyof SituationInput, 'formulario'>;

/** Where each field sits in the body (JSON pointer), so a refusal names it as the client wrote it. */
export type Pointers = Partial<Record<SituationField, string>>;

export interface SituationCommand {
  brbId: number;
  input: SituationInput;
  at: Pointers;
  door?: Door;
}

/** Why a contract ends: the 2.2 body (and its v3 counterpart) in domain words. */
export interface ContractEndInput {
  situacao?: string;
  motivo?: string;
  motivoComplementar?: string;
  /** ISO 8601 as sent. */
  data?: string;
  arquivo?: string;
}

/** What an action answers: the entry after it, its request and its timeline event. */
export interface ActionOutcome {
  brbId: number;
  processoId: number;
  situacao: string;
  motivo: string | null;
  solicitacaoId: number | null;
  eventoId: number;
}
