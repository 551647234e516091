import { invalidField } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import type { ValuesOut } from './actions.schemas.js';
import type { ActionOutcome, Pointers } from './actions.types.js';
import { parseBrDate, parseIsoDate } from './dates.js';
import type { StatusChangeBody } from './status-change.schemas.js';
import type { StatusChange } from './status-change.service.js';

/** Interface 2.1 body → a status change in domain words, and the outcome → the 2.1 response. */

const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const br = (value: string | undefined, pointer: string) =>
  value === undefined ? undefined : parseBrDate(value, pointer);

export function statusChange(body: StatusChangeBody, brbId: number): StatusChange {
  if (body.brbId !== undefined && body.brbId !== brbId) {
    throw invalidField(
      '/body/brbId',
      t(
        `deve ser o brbId do caminho (${brbId}) ou ser omitido`,
        `must be the brbId of the path (${brbId}) or be left out`,
      ),
    );
  }
  const note = body.situacao !== 'REVISAO_ANALISE' && body.motivo ? { motivoComplementar: body.motivo } : {};
  const base = '/body/situacaoMatricula';
  switch (body.situacao) {
    case 'REVISAO_ANALISE':
      return { kind: 'review', motivo: body.motivo };
    case 'ENVIO_VALORES':
      return { kind: 'values', valores: body.valoresRenovacao };
    case 'TRANCAMENTO': {
      const s = body.situacaoMatricula;
      const at: Pointers = {
        tipo: `${base}/tipo`,
        situacaoMatricula: `${base}/situacaoMatricula`,
        dataOcorrido: `${base}/data-ocorrido`,
      };
      const input = {
        tipo: s.tipo,
        situacaoMatricula: s.situacaoMatricula,
        dataOcorrido: parseBrDate(s['data-ocorrido'], at.dataOcorrido!),
        ...note,
      };
      return { kind: 'situation', action: 'lock', command: { brbId, at, input } };
    }
    case 'AFASTAMENTO_EVASAO': {
      const s = body.situacaoMatricula;
      const at: Pointers = {
        tipo: `${base}/tipo`,
        situacaoMatricula: `${base}/situacao-matricula`,
        situacaoRestituicao: `${base}/situacao-restituicao`,
        motivo: `${base}/motivo`,
        dataOcorrido: `${base}/data-ocorrido`,
      };
      const input = {
        tipo: s.tipo,
        situacaoMatricula: s['situacao-matricula'],
        motivo: s.motivo,
        dataOcorrido: parseBrDate(s['data-ocorrido'], at.dataOcorrido!),
        ...defined({ situacaoRestituicao: s['situacao-restituicao'] }),
        ...note,
      };
      return { kind: 'situation', action: 'withdrawal', command: { brbId, at, input } };
    }
    case 'MANUTENCAO_VINCULO': {
      const s = body.situacaoMatricula;
      const at: Pointers = {
        tipo: `${base}/tipo`,
        situacaoMatricula: `${base}/situacao-matricula`,
        situacaoRestituicao: `${base}/situacao-restituicao`,
        motivo: `${base}/motivo`,
        dataOcorrido: `${base}/data-ocorrido`,
        inicioReembolso: `${base}/inicio-reembolso`,
      };
      const input = {
        tipo: s.tipo,
        motivo: s.motivo,
        ...defined({
          motivoComplementar: s['motivo-complementar'] ?? note.motivoComplementar,
          situacaoMatricula: s['situacao-matricula'],
          situacaoRestituicao: s['situacao-restituicao'],
          dataOcorrido: br(s['data-ocorrido'], at.dataOcorrido!),
          contratosFirmados: s['contratos-firmados'],
          inicioReembolso: s['inicio-reembolso'] && parseIsoDate(s['inicio-reembolso'], at.inicioReembolso!),
        }),
      };
      return { kind: 'situation', action: 'bond', command: { brbId, at, input } };
    }
  }
}

/** 2.1 response: values outcomes pass through; any other change reports the one entry it changed. */
export function statusChangeResult(result: { outcome?: ActionOutcome; valores?: ValuesOut }) {
  if (result.valores) return { 'envio-valores': result.valores };
  const o = result.outcome!;
  return {
    'envio-valores': {
      registrosComSucesso: 1,
      registrosComErro: 0,
      registrosPendentes: 0,
      linhasComErro: [],
      linhasPendenteFundacred: [],
      lote: null,
      brbId: o.brbId,
      situacao: o.situacao,
      motivo: o.motivo,
      solicitacaoId: o.solicitacaoId,
    },
  };
}
