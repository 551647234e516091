import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { MotivoSemRenovacao, Situacao } from '../../src/db/schema.js';
import {
  type ActionEntry,
  type ActionWorld,
  addendum,
  brDay,
  createActionWorld,
  entryState,
  post,
  snapshot,
} from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createContract, createEntry, createJourney, type TestJourney } from '../helpers/factories.js';
import { valuesItem } from '../helpers/values-factories.js';

// DOMAIN.md, "Journey periods": actions on a journey that is not ABERTA answer 409 ("journey
// closed"), except the foundation's processing of what was sent before the close.

let t: TestContext;
let w: ActionWorld;
let closed: TestJourney;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
  closed = await createJourney(t.db, w.ie, { ano: 2026, semestre: 1, status: 'ENCERRADA' });
});
after(() => t.close());

async function closedEntry(situacao: Situacao, motivo?: MotivoSemRenovacao): Promise<ActionEntry> {
  const contract = await createContract(t.db, w.ie);
  const entry = await createEntry(t.db, w.ie, closed, contract, { situacao, motivo });
  return { ...contract, ...entry, ie: w.ie, journey: closed };
}

function assertJourneyClosed(response: { statusCode: number; body: string }, e: ActionEntry) {
  assert.equal(response.statusCode, 409, response.body);
  const p = problemOf(response as never);
  assert.match(p.detail, /journey closed/i);
  assert.equal(p.jornadaId, e.journey.jornadaId);
}

const V3 = '/s/v3/mais-acoes';

describe('actions on an entry of a closed journey', () => {
  test('v3 send values through alterar-status for a NAO_RENOVADO entry: a row error, the entry stays', async () => {
    const e = await closedEntry('SEM_RENOVACAO', 'NAO_RENOVADO');
    const before = await snapshot(t.db, e);
    const r = await post(t, w.ie, `${V3}/alterar-status/enviar-valores`, { valores: [valuesItem(e.brbId)] });
    assert.equal(r.statusCode, 200, r.body);
    const out = r.json();
    assert.equal(out.registrosComSucesso, 0);
    assert.equal(out.registrosComErro, 1);
    assert.match(out.linhasComErro[0], /JORNADA_ENCERRADA/);
    assert.deepEqual(await snapshot(t.db, e), before);
  });

  test('v2 send values (list) for an APTO entry of the closed journey: a row error, the entry stays', async () => {
    const e = await closedEntry('APTO');
    const before = await snapshot(t.db, e);
    const r = await post(t, w.ie, '/s/v2/contrato/valores/enviar', { valores: [valuesItem(e.brbId)] });
    assert.equal(r.statusCode, 200, r.body);
    assert.match(JSON.stringify(r.json()), /JORNADA_ENCERRADA/);
    assert.deepEqual(await snapshot(t.db, e), before);
  });

  const refusals: [string, Situacao, MotivoSemRenovacao | undefined, (e: ActionEntry) => [string, string, unknown]][] =
    [
      [
        'lock (v3)',
        'APTO',
        undefined,
        (e) => ['POST', `${V3}/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) }],
      ],
      [
        'dropout (v2 situação de matrícula)',
        'APTO',
        undefined,
        (e) => [
          'POST',
          '/s/v2/renovacao/situacao-matricula/afastamento-evasao',
          { brbId: e.brbId, tipo: 'E', motivo: 'Sumiu', 'data-ocorrido': brDay(-1) },
        ],
      ],
      [
        'cancel contract (v3)',
        'APTO',
        undefined,
        (e) => ['POST', `${V3}/cancelar-contrato`, { brbId: e.brbId, motivo: 'Falecimento' }],
      ],
      [
        'delete contract (v3)',
        'APTO',
        undefined,
        (e) => ['POST', `${V3}/excluir-contrato`, { brbId: e.brbId, motivo: 'Cadastro duplicado' }],
      ],
      [
        'status change with values (2.1 ENVIO_VALORES)',
        'SEM_RENOVACAO',
        'NAO_RENOVADO',
        (e) => [
          'POST',
          `/s/v2/renovacao/status-contrato/${e.brbId}/brb-id/alterar`,
          { situacao: 'ENVIO_VALORES', valoresRenovacao: [valuesItem(e.brbId)] },
        ],
      ],
      [
        'edit enrolment number',
        'SEM_RENOVACAO',
        'NAO_RENOVADO',
        (e) => ['PATCH', `/s/v2/matricula/processo/${e.processoId}`, { matricula: '2026/ADM-9' }],
      ],
      [
        'inactivate student (v3)',
        'APTO',
        undefined,
        (e) => ['POST', `${V3}/inativar-estudante`, { brbId: e.brbId, motivo: 'Transferiu-se' }],
      ],
    ];
  for (const [name, situacao, motivo, request] of refusals) {
    test(`${name}: 409 "journey closed" and nothing changes`, async () => {
      const e = await closedEntry(situacao, motivo);
      const before = await snapshot(t.db, e);
      const [method, url, payload] = request(e);
      const r = await t.call({ method: method as 'POST', url, payload: payload as object, ies: [w.ie.ieId] });
      assertJourneyClosed(r, e);
      assert.deepEqual(await snapshot(t.db, e), before);
    });
  }

  test('the same action on an entry of the open journey still works (control)', async () => {
    const e = await w.entry('APTO');
    const r = await post(t, w.ie, `${V3}/trancamento`, { brbId: e.brbId, dataOcorrido: brDay(-1) });
    assert.equal(r.statusCode, 200, r.body);
  });

  test('the foundation still records the signature of an addendum sent before the close', async () => {
    const e = await closedEntry('AGUARDANDO_ASSINATURA');
    await addendum(t.db, e, 'GERADO');
    const r = await t.call({
      method: 'POST',
      url: `/s/operador/renovacoes/${e.brbId}/assinatura`,
      payload: {},
      role: 'OPERADOR',
    });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal((await entryState(t.db, e.brbId)).situacao, 'FINALIZADO');
  });
});
