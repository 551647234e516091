import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, problemOf, type TestContext } from '../helpers/app.js';
import { countRows } from '../helpers/db.js';
import { createIe, type TestIe } from '../helpers/factories.js';
import { entryState, ieWithEntries, valuesItem } from '../helpers/values-factories.js';

// Issue 23, item 4: no U+FFFD (or half a character, or a control character) is ever stored, through
// the JSON API too. One hook covers every JSON body (src/http/text-guard.ts).

let t: TestContext;
let mine: TestIe;
before(async () => {
  t = await createTestApp();
  mine = await createIe(t.db);
});
after(() => t.close());

const V3 = '/s/v3/mais-acoes/enviar-valores';
const V2 = '/s/v2/contrato/valores/enviar';

const written = async () => ({
  lote: await countRows(t.database, 'lote'),
  linhas: await countRows(t.database, 'lote_linha'),
});

async function refusedWith(url: string, payload: object, lang: 'pt-BR' | 'en', pointer: string, detail: RegExp) {
  const { entries } = await ieWithEntries(t.db, ['APTO'], mine);
  const brbId = entries[0]!.brbId;
  const before = { ...(await written()), entry: await entryState(t.db, brbId) };
  const body = JSON.parse(JSON.stringify(payload).replaceAll('"BRB"', String(brbId)));
  const response = await t.call({
    method: 'POST',
    url,
    payload: body,
    ies: [mine.ieId],
    headers: { 'accept-language': lang },
  });
  assert.equal(response.statusCode, 422, response.body);
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  const problem = problemOf(response) as ReturnType<typeof problemOf> & { errors: { pointer: string }[] };
  assert.match(problem.detail, detail);
  assert.ok(
    problem.errors.some((e) => e.pointer === pointer),
    `names ${pointer}: ${JSON.stringify(problem.errors)}`,
  );
  assert.deepEqual({ ...(await written()), entry: await entryState(t.db, brbId) }, before, 'nothing stored');
  return problem;
}

test('a name with U+FFFD is refused 422 in Portuguese naming the field, nothing stored (v3 and v2)', async () => {
  await refusedWith(
    V3,
    { valores: [valuesItem(0, { brbId: 'BRB', nomeEstudante: 'Jo\uFFFDo Concei\uFFFD\uFFFDo' })] },
    'pt-BR',
    '/body/valores/0/nomeEstudante',
    /\/body\/valores\/0\/nomeEstudante tem o caractere de substituição.*Nada foi gravado/,
  );
  await refusedWith(
    V2,
    { valores: [valuesItem(0, { brbId: 'BRB', nomeEstudante: 'Jo\uFFFDo' })] },
    'en',
    '/body/valores/0/nomeEstudante',
    /\/body\/valores\/0\/nomeEstudante holds the replacement character.*Nothing was stored/,
  );
});

test('free text with U+FFFD is refused too (any field, any depth)', async () => {
  await refusedWith(
    V3,
    { reenvio: true, valores: [valuesItem(0, { brbId: 'BRB', motivoReenvio: 'corre\uFFFD\uFFFDo' })] },
    'en',
    '/body/valores/0/motivoReenvio',
    /replacement character/,
  );
});

test('a lone surrogate is refused; control characters are refused, tab and line breaks only outside names', async () => {
  await refusedWith(
    V3,
    { valores: [valuesItem(0, { brbId: 'BRB', nomeEstudante: 'Ana \uD83D' })] },
    'en',
    '/body/valores/0/nomeEstudante',
    /half a character/,
  );
  await refusedWith(
    V3,
    { valores: [valuesItem(0, { brbId: 'BRB', nomeEstudante: 'Ana\u0000Maria' })] },
    'pt-BR',
    '/body/valores/0/nomeEstudante',
    /caractere de controle/,
  );
  await refusedWith(
    V3,
    { valores: [valuesItem(0, { brbId: 'BRB', nomeEstudante: 'Ana\nMaria' })] },
    'en',
    '/body/valores/0/nomeEstudante',
    /control character/,
  );
  await refusedWith(
    V3,
    { reenvio: true, valores: [valuesItem(0, { brbId: 'BRB', motivoReenvio: 'valor\u0007errado' })] },
    'en',
    '/body/valores/0/motivoReenvio',
    /control character/,
  );
});

test('accents, emoji (a surrogate pair) and line breaks in free text pass', async () => {
  const { entries } = await ieWithEntries(t.db, ['APTO'], mine);
  const response = await t.call({
    method: 'POST',
    url: V3,
    payload: {
      valores: [
        valuesItem(entries[0]!.brbId, { nomeEstudante: 'João Conceição 😀', motivoReenvio: 'linha 1\r\n\tlinha 2' }),
      ],
    },
    ies: [mine.ieId],
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal((response.json() as { registrosComSucesso: number }).registrosComSucesso, 1);
});
