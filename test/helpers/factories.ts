import type { Db } from '../../src/db/database.js';
import type { MotivoSemRenovacao, Situacao } from '../../src/db/schema.js';
import { today } from '../../src/lib/business-date.js';
import { cpfFromBase } from '../../src/lib/cpf.js';
import { searchForm } from '../../src/lib/text.js';

/**
 * A test contract's default terms: the course ends at the close of next year and restitution starts
 * the month after, whatever day the suite runs (a fixed date would pass behind the clock, and then
 * a dropout, which brings restitution forward to next month, would read as a later one).
 */
const YEAR = Number(today().slice(0, 4));
export const CONTRACT_TERMS = {
  primeiroMesCredito: '2023-02-01',
  previsaoFormatura: `${YEAR + 1}-12-31`,
  inicioRestituicao: `${YEAR + 2}-01-01`,
} as const;

/**
 * Factories: each test builds the small data it needs. Every function takes the db (or a
 * transaction) first and returns the rows it made; ids come from the database.
 */
let sequence = 0;
const next = () => ++sequence;
const cnpj = (n: number) => String(10_000_000_000_000 + n * 7919 + Math.floor(Math.random() * 1000)).slice(0, 14);

export interface TestIe {
  ieId: number;
  grupoIeId: number;
  campusId: number;
  turnoId: number;
  cursoId: number;
  convenioId: number;
}

/** An IE with its group, one campus, one course on a shift and one CredIES convênio. */
export async function createIe(
  db: Db,
  options: {
    grupoIeId?: number;
    nome?: string;
    convenio?: {
      taxa_mensal?: string;
      regime_acumulo?: 'SIMPLES' | 'COMPOSTO';
      max_semestres_trancamento?: number;
      max_trancamentos_consecutivos?: number;
    };
  } = {},
): Promise<TestIe> {
  const n = next();
  const grupoIeId =
    options.grupoIeId ??
    (
      await db
        .insertInto('grupo_ie')
        .values({ nome: `Grupo ${n}`, cnpj: cnpj(n) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const { id: ieId } = await db
    .insertInto('ie')
    .values({
      grupo_ie_id: grupoIeId,
      nome: options.nome ?? `Faculdade ${n}`,
      sigla: `F${n}`,
      cnpj: cnpj(n + 500),
      cidade: 'Porto Alegre',
      uf: 'RS',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: campusId } = await db
    .insertInto('campus')
    .values({ ie_id: ieId, nome: `Campus Centro ${n}`, cidade: 'Porto Alegre', uf: 'RS' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const turno = await db.selectFrom('turno').select('id').where('codigo', '=', 'NOTURNO').executeTakeFirst();
  const turnoId =
    turno?.id ??
    (
      await db
        .insertInto('turno')
        .values({ codigo: 'NOTURNO', nome: 'Noturno' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const { id: cursoId } = await db
    .insertInto('curso')
    .values({
      ie_id: ieId,
      campus_id: campusId,
      turno_id: turnoId,
      nome: `Administração ${n}`,
      grau: 'Bacharelado',
      duracao_semestres: 8,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: convenioId } = await db
    .insertInto('convenio')
    .values({ ie_id: ieId, nome: `CredIES F${n}`, produto: 'CredIES', taxa_mensal: '0.003500', ...options.convenio })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ieId, grupoIeId, campusId, turnoId, cursoId, convenioId };
}

export interface TestContract {
  estudanteId: number;
  bolsaId: number;
  contratoId: number;
  cpf: string;
  nome: string;
  matricula: string;
}

/** A student with a bolsa and an active credit contract at the IE. */
export async function createContract(
  db: Db,
  ie: TestIe,
  options: { nome?: string; primeiroMesCredito?: string; previsaoFormatura?: string; inicioRestituicao?: string } = {},
): Promise<TestContract> {
  const n = next();
  const nome = options.nome ?? `Estudante Teste ${n}`;
  const cpf = cpfFromBase(100_000_000 + n * 37 + Math.floor(Math.random() * 30));
  const matricula = `M${String(n).padStart(7, '0')}`;
  const { id: estudanteId } = await db
    .insertInto('estudante')
    .values({ cpf, nome, nome_busca: searchForm(nome), email: `e${n}@example.org`, data_nascimento: '2000-01-15' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: bolsaId } = await db
    .insertInto('bolsa')
    .values({
      ie_id: ie.ieId,
      convenio_id: ie.convenioId,
      estudante_id: estudanteId,
      curso_id: ie.cursoId,
      campus_id: ie.campusId,
      turno_id: ie.turnoId,
      cod_bolsa: `B${n}-${cpf.slice(0, 4)}`,
      matricula,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: contratoId } = await db
    .insertInto('contrato')
    .values({
      bolsa_id: bolsaId,
      ie_id: ie.ieId,
      numero: `C${n}-${cpf.slice(0, 6)}`,
      primeiro_mes_credito: options.primeiroMesCredito ?? CONTRACT_TERMS.primeiroMesCredito,
      previsao_formatura: options.previsaoFormatura ?? CONTRACT_TERMS.previsaoFormatura,
      inicio_restituicao: options.inicioRestituicao ?? CONTRACT_TERMS.inicioRestituicao,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { estudanteId, bolsaId, contratoId, cpf, nome, matricula };
}

export interface TestJourney {
  jornadaId: number;
  ano: number;
  semestre: number;
}

export async function createJourney(
  db: Db,
  ie: TestIe,
  options: {
    ano?: number;
    semestre?: number;
    tipo?: string;
    status?: 'ABERTA' | 'ENCERRADA';
    janelaInicio?: string;
    janelaFim?: string;
  } = {},
): Promise<TestJourney> {
  const ano = options.ano ?? 2026;
  const semestre = options.semestre ?? 2;
  const { id } = await db
    .insertInto('jornada')
    .values({
      ie_id: ie.ieId,
      tipo: options.tipo ?? 'RENOVACAO',
      ano,
      semestre,
      status: options.status ?? 'ABERTA',
      janela_inicio: options.janelaInicio ?? '2026-07-01',
      janela_fim: options.janelaFim ?? '2026-12-31',
      aberta_por: 'factory',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { jornadaId: id, ano, semestre };
}

export interface TestEntry {
  brbId: number;
  processoId: number;
}

/** A journey entry (brbId) for a contract, with its process, in the given situation. */
export async function createEntry(
  db: Db,
  ie: TestIe,
  journey: TestJourney,
  contract: TestContract,
  options: { situacao?: Situacao; motivo?: MotivoSemRenovacao | null; tags?: string[] } = {},
): Promise<TestEntry> {
  const situacao = options.situacao ?? 'APTO';
  const motivo = options.motivo ?? (situacao === 'SEM_RENOVACAO' ? 'TRANCAMENTO' : null);
  const { id: brbId } = await db
    .insertInto('entrada_jornada')
    .values({
      jornada_id: journey.jornadaId,
      ie_id: ie.ieId,
      contrato_id: contract.contratoId,
      bolsa_id: contract.bolsaId,
      estudante_id: contract.estudanteId,
      curso_id: ie.cursoId,
      campus_id: ie.campusId,
      turno_id: ie.turnoId,
      nome_busca: searchForm(contract.nome),
      cpf: contract.cpf,
      matricula: contract.matricula,
      situacao,
      motivo,
      tags: options.tags ?? [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: processoId } = await db
    .insertInto('processo')
    .values({
      entrada_id: brbId,
      contrato_id: contract.contratoId,
      ie_id: ie.ieId,
      ano: journey.ano,
      semestre: journey.semestre,
      matricula: contract.matricula,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { brbId, processoId };
}

/** An IE with an open journey and `count` entries in the given situation: the usual starting point. */
export async function createIeWithEntries(db: Db, count: number, situacao: Situacao = 'APTO') {
  const ie = await createIe(db);
  const journey = await createJourney(db, ie);
  const entries: (TestEntry & TestContract)[] = [];
  for (let i = 0; i < count; i++) {
    const contract = await createContract(db, ie);
    entries.push({ ...contract, ...(await createEntry(db, ie, journey, contract, { situacao })) });
  }
  return { ie, journey, entries };
}
