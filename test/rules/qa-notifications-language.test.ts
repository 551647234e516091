import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { createNotification } from '../helpers/workspace-factories.js';

// DOMAIN.md, "Language": every message a person reads — notifications included — is Portuguese by
// default and English on Accept-Language: en. Seen on the demo: GET /s/v2/ies/notificacoes with
// Accept-Language: en answered "Lote de valores processado", "Janela de renovação encerrada"...

let t: TestContext;
let ie: TestIe;
before(async () => {
  t = await createTestApp();
  ie = await createIe(t.db);
});
after(() => t.close());

interface Item {
  id: number;
  titulo: string;
  mensagem: string;
}

async function read(url: string, lang: string): Promise<Item[]> {
  const r = await t.call({ method: 'GET', url, ies: [ie.ieId], headers: { 'accept-language': lang } });
  assert.equal(r.statusCode, 200, r.body);
  return r.json().itens;
}

describe('notifications in the reader’s language', () => {
  test('a processed batch: Portuguese by default, English with its counts on Accept-Language: en', async () => {
    const id = await createNotification(t.db, ie, {
      tipo: 'LOTE_PROCESSADO',
      titulo: 'Lote 41 processado',
      mensagem: 'Lote 41: 2 aceita(s), 1 recusada(s), 0 com erro no envio.',
      dados: { lote: 41, aceitas: 2, recusadas: 1, erro: 0, sucesso: 3, pendente: 0 },
    });
    for (const url of ['/s/v2/ies/notificacoes', '/s/v2/ies/notificacoes/historico']) {
      const pt = (await read(url, 'pt-BR')).find((n) => n.id === id)!;
      assert.deepEqual(
        [pt.titulo, pt.mensagem],
        ['Lote 41 processado', 'Lote 41: 2 aceita(s), 1 recusada(s), 0 com erro no envio.'],
      );
      const en = (await read(url, 'en')).find((n) => n.id === id)!;
      assert.deepEqual(
        [en.titulo, en.mensagem],
        ['Batch 41 processed', 'Batch 41: 2 accepted, 1 rejected, 0 with errors when sent.'],
      );
    }
  });

  test('a window closing (as the job writes it) reads in English with its journey and date', async () => {
    const id = await createNotification(t.db, ie, {
      tipo: 'JANELA_FECHANDO',
      titulo: 'Janela de renovação fechando',
      mensagem: 'A janela de renovação de RENOVACAO 2026/2 termina em 2026-12-24.',
      dados: { jornadaId: 9, janelaFim: '2026-12-24' },
    });
    const en = (await read('/s/v2/ies/notificacoes', 'en')).find((n) => n.id === id)!;
    assert.equal(en.titulo, 'Renewal window closing');
    assert.match(en.mensagem, /journey 9 ends on 2026-12-24/);
  });

  test('a notification stored without its values (the demo’s) reads as its kind’s English sentence', async () => {
    const id = await createNotification(t.db, ie, {
      tipo: 'ACAO_RECUSADA',
      titulo: 'Ação recusada',
      mensagem: 'Uma solicitação foi recusada pela fundação. Veja os motivos no histórico.',
      dados: { jornadaId: 2 },
    });
    const en = (await read('/s/v2/ies/notificacoes', 'en')).find((n) => n.id === id)!;
    assert.deepEqual(
      [en.titulo, en.mensagem],
      ['Action refused', 'A request was refused by the foundation. See the reasons in the history.'],
    );
    const pt = (await read('/s/v2/ies/notificacoes', 'pt-BR')).find((n) => n.id === id)!;
    assert.equal(pt.titulo, 'Ação recusada');
  });
});
