import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { firstDayOfNextMonth } from '../../src/lib/business-date.js';
import {
  type ActionEntry,
  type ActionWorld,
  addendum,
  contract,
  createActionWorld,
  post,
  snapshot,
} from '../helpers/actions-factories.js';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { createContract, createEntry, createJourney, type TestJourney } from '../helpers/factories.js';

// DOMAIN.md, "Contracts with credit": a contract with any signed addendum (money credited in any
// period) cannot be deleted: 409, "cancel it instead". Only cancellation ends it, and it brings
// restitution forward.

let t: TestContext;
let w: ActionWorld;
let earlier: TestJourney;
before(async () => {
  t = await createTestApp();
  w = await createActionWorld(t.db);
  earlier = await createJourney(t.db, w.ie, { ano: 2026, semestre: 1, status: 'ENCERRADA' });
});
after(() => t.close());

/** A contract renewed and signed in 2026/1, now APTO in the open 2026/2 journey. */
async function creditedEarlier(): Promise<{ now: ActionEntry; aditivoId: number; oldBrbId: number }> {
  const c = await createContract(t.db, w.ie, { inicioRestituicao: '2030-01-01' });
  const old = await createEntry(t.db, w.ie, earlier, c, { situacao: 'FINALIZADO' });
  const { id: aditivoId } = await addendum(t.db, { ...c, ...old, ie: w.ie, journey: earlier }, 'ASSINADO');
  const current = await createEntry(t.db, w.ie, w.journey, c, { situacao: 'APTO' });
  return { now: { ...c, ...current, ie: w.ie, journey: w.journey }, aditivoId, oldBrbId: old.brbId };
}

const aditivos = (contratoId: number) =>
  t.db
    .selectFrom('aditivo')
    .select(['id', 'status', 'entrada_id'])
    .where('contrato_id', '=', contratoId)
    .orderBy('id')
    .execute();

const deletions: [string, (e: ActionEntry) => string, Record<string, unknown>][] = [
  ['v3 excluir-contrato', () => '/s/v3/mais-acoes/excluir-contrato', { motivo: 'Cadastro duplicado', brbId: 0 }],
  ['v2 interface 2.2', (e) => `/s/v2/mais-acoes/${e.brbId}/excluir-contrato`, { motivo: 'Cadastro duplicado' }],
  [
    'by contract and bolsa',
    (e) => `/s/v2/renovacao/status-contrato/${e.contratoId}/id-contrato/${e.bolsaId}/id-bolsa/excluir`,
    { motivo: 'Cadastro duplicado' },
  ],
];

describe('a contract with credit in an earlier semester', () => {
  for (const [name, url, body] of deletions) {
    test(`cannot be deleted (${name}): 409 "cancel it instead" and nothing changes`, async () => {
      const { now, aditivoId } = await creditedEarlier();
      const before = { snap: await snapshot(t.db, now), aditivos: await aditivos(now.contratoId) };
      // Only the v3 body names the entry; the v2 paths carry it (or the contract and bolsa).
      const r = await post(t, w.ie, url(now), 'brbId' in body ? { ...body, brbId: now.brbId } : body);
      assert.equal(r.statusCode, 409, r.body);
      const p = problemOf(r);
      assert.match(p.detail, /cancel it instead/);
      assert.equal(p.aditivoAssinado, aditivoId);
      assert.deepEqual(p.acoesPermitidas, ['CANCELAR']);
      assert.deepEqual({ snap: await snapshot(t.db, now), aditivos: await aditivos(now.contratoId) }, before);
    });
  }

  test('the refusal reads in Portuguese by default: "cancele em vez de excluir"', async () => {
    const { now } = await creditedEarlier();
    const r = await t.call({
      method: 'POST',
      url: '/s/v3/mais-acoes/excluir-contrato',
      payload: { brbId: now.brbId, motivo: 'Cadastro duplicado' },
      ies: [w.ie.ieId],
      headers: { 'accept-language': 'pt-BR' },
    });
    assert.equal(r.statusCode, 409, r.body);
    assert.match(problemOf(r).detail, /cancele em vez de excluir/);
  });

  test('can be cancelled: CANCELADO, restitution brought forward, the signed addendum kept', async () => {
    const { now, aditivoId, oldBrbId } = await creditedEarlier();
    const r = await post(t, w.ie, '/s/v3/mais-acoes/cancelar-contrato', { brbId: now.brbId, motivo: 'Falecimento' });
    assert.equal(r.statusCode, 200, r.body);
    const c = await contract(t.db, now.contratoId);
    assert.equal(c.status, 'CANCELADO');
    assert.equal(c.inicio_restituicao, firstDayOfNextMonth());
    assert.deepEqual(await aditivos(now.contratoId), [{ id: aditivoId, status: 'ASSINADO', entrada_id: oldBrbId }]);
  });

  test('a contract that never had credit can still be deleted (control)', async () => {
    const e = await w.entry('APTO');
    const r = await post(t, w.ie, '/s/v3/mais-acoes/excluir-contrato', {
      brbId: e.brbId,
      motivo: 'Cadastro duplicado',
    });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal((await contract(t.db, e.contratoId)).status, 'EXCLUIDO');
  });
});
