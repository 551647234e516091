import { sql } from 'kysely';
import { NEVER_CREDITED, onEntry, type Step, UNKEPT_LOCK, yesterday } from '../helpers/demo-walk.js';
import { valuesItem } from '../helpers/values-factories.js';

/**
 * The demo walk's actions on IE 1's entries ("Mais Ações", v3, v2 and v1 doors, the alterar-status
 * family): each on an entry in a situation the transition table allows it from, a different entry
 * per step. Deleting needs a contract never credited (DOMAIN.md, "Contracts with credit").
 */

const V3 = '/s/v3/mais-acoes';
const SM = '/s/v2/renovacao/situacao-matricula';
const bond = (brbId: number) => ({
  brbId,
  motivo: 'TCC',
  motivoComplementar: 'Só o TCC neste semestre',
  dataOcorrido: yesterday(),
  contratosFirmados: 5,
  inicioReembolso: '2027-08-01',
});
const withdrawal = (brbId: number) => ({ brbId, dataOcorrido: yesterday(), motivo: '3' });
const dropOut = (brbId: number) => ({ brbId, dataOcorrido: yesterday(), motivo: 'Abandonou o curso' });
const reason = { motivo: 'Pedido do estudante' };

/** v3 doors on an APTO entry (the alterar-status door on one in SEM_RENOVACAO/AFASTAMENTO). */
const v3 = (
  path: string,
  body: (id: number) => unknown,
  from: [string, string | null] = ['APTO', null],
  extra = sql`true`,
) =>
  onEntry(`POST ${V3}/${path}`, from[0], from[1], (w, e) => w.call('POST', `${V3}/${path}`, 'IE', body(e.id)), extra);
const SEM: [string, string] = ['SEM_RENOVACAO', 'AFASTAMENTO'];

export const ACTIONS: Step[] = [
  onEntry(
    'GET /s/v1/contrato/situacao-matricula/processo/{id-processo}/trancamento-anterior/bolsa/{id-bolsa}',
    'SEM_RENOVACAO',
    'TRANCAMENTO',
    (w, e) =>
      w.call(
        'GET',
        `/s/v1/contrato/situacao-matricula/processo/${e.processo_id}/trancamento-anterior/bolsa/${e.bolsa_id}`,
      ),
    UNKEPT_LOCK,
  ),
  onEntry(
    'POST /s/v1/contrato/mais-acoes/dados-complementares',
    'SEM_RENOVACAO',
    'TRANCAMENTO',
    (w, e) => w.call('POST', '/s/v1/contrato/mais-acoes/dados-complementares', 'IE', { brbId: e.id }),
    UNKEPT_LOCK,
    'a carried lock: offers MANTER_TRANCAMENTO',
  ),
  // Keep lock, in its four doors: each on another unkept carried lock (issue 12, case 10).
  ...[`${V3}/manter-trancamento`, `${V3}/alterar-status/manter-trancamento`].map((url) =>
    onEntry(
      `POST ${url}`,
      'SEM_RENOVACAO',
      'TRANCAMENTO',
      (w, e) => w.call('POST', url, 'IE', { brbId: e.id, dataOcorrido: yesterday() }),
      UNKEPT_LOCK,
    ),
  ),
  onEntry(
    'POST /s/v2/manter-trancamento',
    'SEM_RENOVACAO',
    'TRANCAMENTO',
    (w, e) => w.call('POST', '/s/v2/manter-trancamento', 'IE', { brbId: e.id, 'data-ocorrido': yesterday() }),
    UNKEPT_LOCK,
  ),
  onEntry(
    'POST /s/v1/contrato/situacao-matricula/processo/{id-processo}/manter-trancamento',
    'SEM_RENOVACAO',
    'TRANCAMENTO',
    (w, e) =>
      w.call('POST', `/s/v1/contrato/situacao-matricula/processo/${e.processo_id}/manter-trancamento`, 'IE', {
        'data-ocorrido': yesterday(),
      }),
    UNKEPT_LOCK,
  ),

  v3('trancamento', (brbId) => ({ brbId, dataOcorrido: yesterday() })),
  v3('previsao-formatura', (brbId) => ({ brbId, previsaoFormatura: '15-12-2029' })),
  v3('manutencao-vinculo', bond),
  v3('inativar-estudante', (brbId) => ({ brbId, ...reason })),
  v3('excluir-contrato', (brbId) => ({ brbId, motivo: 'Cadastro duplicado' }), ['APTO', null], NEVER_CREDITED),
  v3('enviar-valores', (brbId) => ({ valores: [valuesItem(brbId)] })),
  v3('cancelar-contrato', (brbId) => ({ brbId, ...reason })),
  v3('afastamento-evasao', withdrawal),
  v3('alterar-status/trancamento', (brbId) => ({ brbId, dataOcorrido: yesterday() }), SEM),
  v3('alterar-status/revisao-analise', (brbId) => ({ brbId, motivo: 'Valores informados corretamente' }), SEM),
  v3('alterar-status/manutencao-vinculo', bond, SEM),
  v3('alterar-status/inativar-estudante', (brbId) => ({ brbId, ...reason }), SEM),
  v3('alterar-status/enviar-valores', (brbId) => ({ valores: [valuesItem(brbId)] }), SEM),
  v3('alterar-status/afastamento-evasao', dropOut, ['SEM_RENOVACAO', 'INATIVO']),
  onEntry('POST /s/api/v3/mais-acoes/inativar-estudante', 'APTO', null, (w, e) =>
    w.call('POST', '/s/api/v3/mais-acoes/inativar-estudante', 'API', { brbId: e.id, motivo: 'Transferiu-se' }),
  ),

  onEntry('POST /s/v2/contrato/valores/enviar', 'APTO', null, (w, e) =>
    w.call('POST', '/s/v2/contrato/valores/enviar', 'IE', { valores: [valuesItem(e.id)] }),
  ),
  onEntry(`POST ${SM}/trancamento`, 'MANUTENCAO_VINCULO', null, (w, e) =>
    w.call('POST', `${SM}/trancamento`, 'IE', { brbId: e.id, 'data-ocorrido': yesterday() }),
  ),
  onEntry(`POST ${SM}/manutencao-vinculo`, 'APTO', null, (w, e) =>
    w.call('POST', `${SM}/manutencao-vinculo`, 'IE', {
      brbId: e.id,
      motivo: 'DEPENDENCIA',
      'contratos-firmados': 2,
      'inicio-reembolso': '2027-08-01',
    }),
  ),
  onEntry(`POST ${SM}/afastamento-evasao`, 'APTO', null, (w, e) =>
    w.call('POST', `${SM}/afastamento-evasao`, 'IE', {
      brbId: e.id,
      tipo: 'F',
      motivo: '2',
      'situacao-matricula': 'F',
      'data-ocorrido': yesterday(),
    }),
  ),
  onEntry('PATCH /s/v2/matricula/processo/{prcId}', 'EM_PROCESSAMENTO', null, (w, e) =>
    w.call('PATCH', `/s/v2/matricula/processo/${e.processo_id}`, 'IE', { matricula: `2026/DEMO-${e.id}` }),
  ),
  ...['/s/v2/renovacao/status-contrato', '/s/v2/status-contrato'].map((prefix) =>
    onEntry(`POST ${prefix}/{brbId}/brb-id/alterar`, 'EM_PROCESSAMENTO', null, (w, e) =>
      w.call('POST', `${prefix}/${e.id}/brb-id/alterar`, 'IE', {
        brbId: e.id,
        situacao: 'REVISAO_ANALISE',
        motivo: 'Rever percentual',
      }),
    ),
  ),
  ...(['excluir', 'cancelar'] as const).flatMap((verb) => [
    onEntry(
      `POST /s/v2/mais-acoes/{brbId}/${verb}-contrato`,
      'APTO',
      null,
      (w, e) =>
        w.call('POST', `/s/v2/mais-acoes/${e.id}/${verb}-contrato`, 'IE', {
          situacao: verb === 'excluir' ? 'EXCLUIR_CONTRATO' : 'CANCELAR_CONTRATO',
          ...reason,
        }),
      verb === 'excluir' ? NEVER_CREDITED : sql`true`,
    ),
    ...['/s/v2/renovacao/status-contrato', '/s/v2/status-contrato'].map((prefix) =>
      onEntry(
        `POST ${prefix}/{contractId}/id-contrato/{studentshipId}/id-bolsa/${verb}`,
        'SEM_RENOVACAO',
        'INATIVO',
        (w, e) => w.call('POST', `${prefix}/${e.contrato_id}/id-contrato/${e.bolsa_id}/id-bolsa/${verb}`, 'IE', reason),
        verb === 'excluir' ? NEVER_CREDITED : sql`true`,
      ),
    ),
  ]),
  onEntry('POST /s/v2/mais-acoes/trancamento', 'APTO', null, (w, e) =>
    w.call('POST', '/s/v2/mais-acoes/trancamento', 'IE', {
      brbId: e.id,
      'data-ocorrido': `${yesterday().split('-').reverse().join('-')}T12:00:00-03:00`,
    }),
  ),
  onEntry('POST /s/v1/contrato/situacao-matricula/atualizar', 'APTO', null, (w, e) =>
    w.call('POST', '/s/v1/contrato/situacao-matricula/atualizar', 'IE', {
      brbId: e.id,
      tipo: 'D',
      'situacao-matricula': 'T',
      'data-ocorrido': yesterday(),
    }),
  ),
  ...['/s/v2/renovacao/processos/previsao-formatura', '/processos/previsao-formatura'].map((url) =>
    onEntry(`POST ${url}`, 'EM_PROCESSAMENTO', null, (w, e) =>
      w.call('POST', url, 'IE', {
        'id-processo': e.processo_id,
        'previsao-formatura': '31-07-2029',
        motivo: 'Atraso no TCC',
      }),
    ),
  ),
];
