import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { ieWithEntries, valuesItem } from '../helpers/values-factories.js';

// Issue "IE workspace", acceptance: a batch driven through processing yields the IE's notification,
// which the user marks viewed and closed and then finds only in the history.

let t: TestContext;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

interface Item {
  id: number;
  tipo: string;
  mensagem: string;
  dados: Record<string, unknown>;
  visualizada: boolean;
  visualizadaEm: string | null;
  modalFechadaEm: string | null;
}
const operator = { role: 'OPERADOR' as const, ies: [] };

test('a processed batch notifies the IE; viewed and closed, the notification moves to the history', async () => {
  const { ie, entries } = await ieWithEntries(t.db, ['APTO', 'APTO', 'APTO']);
  const [a, b, c] = entries.map((e) => e.brbId) as [number, number, number];
  const token = await t.token({ sub: `ie-user-${randomUUID()}`, ies: [ie.ieId] });
  const get = async (url: string) => {
    const response = await t.call({ method: 'GET', url, token });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };

  // The IE sends three rows; the third fails its rule and never reaches the foundation.
  const sent = await t.call({
    method: 'POST',
    url: '/s/v3/mais-acoes/enviar-valores',
    token,
    payload: { valores: [valuesItem(a), valuesItem(b), valuesItem(c, { percentualConcedido: 101 })] },
  });
  assert.equal(sent.statusCode, 200, sent.body);
  const { lote } = sent.json() as { lote: number };
  assert.equal((await get('/s/v2/ies/notificacoes')).total, 0, 'nothing to tell before the foundation decides');

  // The foundation accepts row 1 and rejects row 2: the batch is processed.
  const accept = await t.call({
    method: 'POST',
    url: `/s/operador/lotes/${lote}/aceitar`,
    ...operator,
    payload: { linhas: [1] },
  });
  assert.equal(accept.statusCode, 200, accept.body);
  assert.equal(accept.json().statusLote, 'EM_PROCESSAMENTO');
  const reject = await t.call({
    method: 'POST',
    url: `/s/operador/lotes/${lote}/recusar`,
    ...operator,
    payload: { linhas: [2], motivo: 'Percentual diverge do contrato' },
  });
  assert.equal(reject.statusCode, 200, reject.body);
  assert.equal(reject.json().statusLote, 'PROCESSADO');

  const current = await get('/s/v2/ies/notificacoes');
  const processed = (current.itens as Item[]).find((n) => n.tipo === 'LOTE_PROCESSADO');
  assert.ok(processed, `LOTE_PROCESSADO among ${JSON.stringify(current.itens.map((n: Item) => n.tipo))}`);
  assert.deepEqual(
    { ...processed.dados },
    { lote, sucesso: 2, erro: 1, pendente: 0, aceitas: 1, recusadas: 1 },
    'the counts of the batch',
  );
  // English here (the test client asks for it); Portuguese by default (test/rules/qa-notifications-language).
  assert.match(processed.mensagem, new RegExp(`Batch ${lote}: 1 accepted, 1 rejected, 1 with errors`));
  assert.equal(processed.visualizada, false);
  const kinds = (current.itens as Item[]).map((n) => n.tipo).sort();
  assert.deepEqual(kinds, ['ADITIVO_AGUARDANDO_ASSINATURA', 'LINHAS_REJEITADAS', 'LOTE_PROCESSADO']);
  assert.equal(current.naoLidas, 3);

  // Viewed: still current, no longer unread.
  const viewed = await t.call({ method: 'POST', url: `/s/v2/ies/notificacoes/${processed.id}/visualizada`, token });
  assert.equal(viewed.statusCode, 200, viewed.body);
  const afterView = await get('/s/v2/ies/notificacoes');
  assert.equal(afterView.naoLidas, 2);
  const stillThere = (afterView.itens as Item[]).find((n) => n.id === processed.id);
  assert.equal(stillThere?.visualizada, true);

  // Closed: gone from the current list, in the history with both marks.
  const closed = await t.call({ method: 'POST', url: `/s/v2/ies/notificacoes/${processed.id}/fechar-modal`, token });
  assert.equal(closed.statusCode, 200, closed.body);
  const afterClose = await get('/s/v2/ies/notificacoes');
  assert.equal(afterClose.total, 2);
  assert.ok(!(afterClose.itens as Item[]).some((n) => n.id === processed.id));
  const history = await get('/s/v2/ies/notificacoes/historico?tipo=LOTE_PROCESSADO');
  assert.equal(history.total, 1);
  const inHistory = history.itens[0] as Item;
  assert.equal(inHistory.id, processed.id);
  assert.ok(inHistory.visualizadaEm && inHistory.modalFechadaEm, 'both marks are kept in the history');
});
