import type { Static } from '@sinclair/typebox';
import { invalidField } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { cpfField } from '../../lib/cpf-field.js';
import type { Door } from '../lifecycle/state-machine.js';
import type { BondIn, ContractEndV3In, KeepLockIn, LockIn, WithdrawalIn } from './actions.schemas.js';
import {
  type ActionOutcome,
  type ContractEndInput,
  type Pointers,
  type SituationCommand,
  type SituationInput,
  TIPO,
} from './actions.types.js';
import { parseBrDate, parseIsoDate, parseIsoDay } from './dates.js';
import type { ContractEndIn, EnrolmentSituationIn, KeepLockV2In, LockFormIn, ProcessKeepLockIn } from './v2.schemas.js';

/**
 * Bodies → domain inputs, and outcomes → bodies. The interface's spellings live here and in the
 * schemas only; every date is checked here and leaves as yyyy-mm-dd, and each field carries its
 * JSON pointer so a later refusal names it as the client wrote it.
 */

const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const br = (value: string | undefined, pointer: string) =>
  value === undefined ? undefined : parseBrDate(value, pointer);

export const actionResult = (o: ActionOutcome) => ({ resultado: 'OK' as const, ...o });

// v3 (camelCase)

export function lockV3(body: Static<typeof LockIn>, door?: Door): SituationCommand {
  const at: Pointers = { tipo: '/body', dataOcorrido: '/body/dataOcorrido', motivo: '/body/motivo' };
  return {
    brbId: body.brbId,
    door,
    at,
    input: {
      tipo: TIPO.lock,
      dataOcorrido: parseBrDate(body.dataOcorrido, at.dataOcorrido!),
      ...defined({ motivo: body.motivo, caminhoArquivo: body.caminhoArquivo }),
    },
  };
}

export function withdrawalV3(body: Static<typeof WithdrawalIn>, door?: Door): SituationCommand {
  const at: Pointers = { tipo: '/body/tipo', dataOcorrido: '/body/dataOcorrido', motivo: '/body/motivo' };
  const tipo = body.tipo ?? (/^\d+$/.test(body.motivo.trim()) ? TIPO.withdrawal : TIPO.dropout);
  return {
    brbId: body.brbId,
    door,
    at,
    input: {
      tipo,
      motivo: tipo === TIPO.withdrawal ? body.motivo.trim() : body.motivo,
      dataOcorrido: parseBrDate(body.dataOcorrido, at.dataOcorrido!),
      ...defined({ caminhoArquivo: body.caminhoArquivo }),
    },
  };
}

export function bondV3(body: Static<typeof BondIn>, door?: Door): SituationCommand {
  const at: Pointers = {
    tipo: '/body',
    motivo: '/body/motivo',
    dataOcorrido: '/body/dataOcorrido',
    situacaoRestituicao: '/body/situacaoRestituicao',
    inicioReembolso: '/body/inicioReembolso',
  };
  return {
    brbId: body.brbId,
    door,
    at,
    input: {
      tipo: TIPO.bond,
      motivo: body.motivo,
      ...defined({
        motivoComplementar: body.motivoComplementar,
        dataOcorrido: br(body.dataOcorrido, at.dataOcorrido!),
        situacaoRestituicao: body.situacaoRestituicao,
        contratosFirmados: body.contratosFirmados,
        inicioReembolso: body.inicioReembolso && parseIsoDate(body.inicioReembolso, at.inicioReembolso!),
        caminhoArquivo: body.caminhoArquivo,
      }),
    },
  };
}

export function keepLockV3(body: Static<typeof KeepLockIn>, door?: Door): SituationCommand {
  const at: Pointers = { dataOcorrido: '/body/dataOcorrido' };
  return {
    brbId: body.brbId,
    door,
    at,
    input: {
      tipo: TIPO.lock,
      ...defined({ dataOcorrido: br(body.dataOcorrido, at.dataOcorrido!), caminhoArquivo: body.caminhoArquivo }),
    },
  };
}

export function contractEndV3(body: Static<typeof ContractEndV3In>): ContractEndInput {
  if (body.data) parseIsoDay(body.data, '/body/data');
  return defined({
    motivo: body.motivo,
    motivoComplementar: body.motivoComplementar,
    data: body.data,
    arquivo: body.arquivo,
  });
}

// v2 / v1 (hyphenated)

/** Interface 2.2; `situacao`, when sent, must name the operation's own action type. */
export function contractEndV2(body: Static<typeof ContractEndIn>, situacao: string): ContractEndInput {
  if (body.situacao !== undefined && body.situacao !== situacao) {
    throw invalidField(
      '/body/situacao',
      t(
        `deve ser ${situacao} nesta operação (ou ser omitido)`,
        `must be ${situacao} for this operation (or be left out)`,
      ),
    );
  }
  if (body.data) parseIsoDay(body.data, '/body/data');
  return defined({
    situacao,
    motivo: body.motivo,
    motivoComplementar: body['motivo-complementar'],
    data: body.data,
    arquivo: body.arquivo,
  });
}

/** Interface 2.3. */
export function lockForm(body: Static<typeof LockFormIn>): SituationCommand {
  const at: Pointers = {
    tipo: '/body/tipo',
    situacaoMatricula: '/body/situacao-matricula',
    situacaoRestituicao: '/body/situacao-restituicao',
    dataOcorrido: '/body/data-ocorrido',
    inicioReembolso: '/body/inicio-reembolso',
  };
  const formulario = defined({
    idProcesso: body['id-processo'],
    idSolicitacao: body['id-solicitacao'],
    nomeEstudante: body['nome-estudante'],
    cpf: body.cpf === undefined ? undefined : cpfField(body.cpf, '/body/cpf'),
    codBolsa: body['cod-bolsa'],
    bolsa: body.bolsa,
    ano: body.ano,
    semestre: body.semestre,
    matricula: body.matricula,
    ultimoContrato: body['ultimo-contrato'],
  });
  return {
    brbId: body.brbId,
    at,
    input: {
      tipo: body.tipo ?? TIPO.lock,
      dataOcorrido: parseIsoDay(body['data-ocorrido'], at.dataOcorrido!),
      ...defined({
        situacaoMatricula: body['situacao-matricula'],
        situacaoRestituicao: body['situacao-restituicao'],
        motivo: body.motivo,
        motivoComplementar: body['motivo-complementar'],
        inicioReembolso: body['inicio-reembolso'] && parseIsoDay(body['inicio-reembolso'], at.inicioReembolso!),
        textoLivre: body['texto-livre'],
        caminhoArquivo: body['caminho-arquivo'],
        formulario: Object.keys(formulario).length ? formulario : undefined,
      }),
    },
  };
}

/** The flat v2/v1 enrolment-situation body; `fallbackTipo` is the kind the operation implies. */
export function situationFlat(body: Static<typeof EnrolmentSituationIn>, fallbackTipo?: string): SituationCommand {
  const at: Pointers = {
    tipo: body.tipo === undefined ? '/body' : '/body/tipo',
    situacaoMatricula: '/body/situacao-matricula',
    situacaoRestituicao: '/body/situacao-restituicao',
    motivo: '/body/motivo',
    dataOcorrido: '/body/data-ocorrido',
    inicioReembolso: '/body/inicio-reembolso',
  };
  const tipo = body.tipo ?? fallbackTipo;
  if (tipo === undefined)
    throw invalidField(
      '/body/tipo',
      t('é obrigatório: F para afastamento, E para evasão', 'is required: F for a withdrawal, E for a dropout'),
    );
  const input: SituationInput = {
    tipo,
    ...defined({
      situacaoMatricula: body['situacao-matricula'],
      situacaoRestituicao: body['situacao-restituicao'],
      motivo: body.motivo,
      motivoComplementar: body['motivo-complementar'],
      dataOcorrido: br(body['data-ocorrido'], at.dataOcorrido!),
      contratosFirmados: body['contratos-firmados'],
      inicioReembolso: body['inicio-reembolso'] && parseIsoDate(body['inicio-reembolso'], at.inicioReembolso!),
      caminhoArquivo: body['caminho-arquivo'],
    }),
  };
  return { brbId: body.brbId, at, input };
}

export function keepLockV2(body: Static<typeof KeepLockV2In>): SituationCommand {
  return { ...keepLockOfProcess(body), brbId: body.brbId };
}

export function keepLockOfProcess(body: Static<typeof ProcessKeepLockIn> | undefined): Omit<SituationCommand, 'brbId'> {
  const at: Pointers = { dataOcorrido: '/body/data-ocorrido' };
  return {
    at,
    input: {
      tipo: TIPO.lock,
      ...defined({
        dataOcorrido: br(body?.['data-ocorrido'], at.dataOcorrido!),
        caminhoArquivo: body?.['caminho-arquivo'],
      }),
    },
  };
}
