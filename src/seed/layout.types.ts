/**
 * The institutions side of the demo, computed from the options alone (no database): groups, IEs,
 * campuses, courses, convênios and which contract ids belong to which IE. It is small (a few
 * thousand objects for 500 IEs) and every stage reads it.
 */
export interface GroupLayout {
  id: number;
  nome: string;
  cnpj: string;
}

export interface CampusLayout {
  id: number;
  nome: string;
  cidade: string;
  uf: string;
}

export interface CourseLayout {
  id: number;
  campusId: number;
  /** Index into SHIFTS; the database id comes from SeedContext.shiftIds. */
  shift: number;
  nome: string;
  grau: string;
  semestres: number;
}

export interface ConvenioLayout {
  id: number;
  nome: string;
  regime: 'SIMPLES' | 'COMPOSTO';
}

export interface IeLayout {
  id: number;
  grupoId: number;
  nome: string;
  sigla: string;
  cnpj: string;
  cidade: string;
  uf: string;
  campuses: CampusLayout[];
  courses: CourseLayout[];
  /** Cumulative course weights: how the IE's students spread over its courses. */
  courseCum: number[];
  convenios: ConvenioLayout[];
  /** Contracts firstContract .. firstContract + contracts − 1 belong to this IE. */
  firstContract: number;
  contracts: number;
  /** The first `active` of them are current students; the rest former students (former.ts). */
  active: number;
  /** Cumulative quota of each CURRENT_MIX situation, over the IE's current students. */
  quotaCum: number[];
  /** Spreads the quotas: the situation of local index j is the quota slot perm(j) falls in. */
  perm: (j: number) => number;
  /** Closed journeys before last semester's, back to the oldest entry of a former student. */
  olderJourneys: number;
  /** Id of the oldest of them (they follow every IE's previous and current journeys). */
  firstOlderJourney: number;
}

export interface Layout {
  groups: GroupLayout[];
  ies: IeLayout[];
}
