import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { prepareDataDir, processTest, renova, serve } from './process.js';

// `renova import` as a person runs it (issue 22 item 7): every failure one Portuguese line and a
// non-zero exit, a file whose every row failed ends with exit 2, the codes are in --help.

const dir = mkdtempSync(join(tmpdir(), 'renova-import-exit-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const env = { ...process.env, LOG_LEVEL: 'silent', LANG: 'pt_BR.UTF-8', LC_ALL: '', DATABASE_URL: '' };

const oneLine = (text: string) => text.trim().split('\n').length === 1;

test('--help lists the exit codes', processTest, async () => {
  const run = await renova(env, 'import', '--help');
  assert.equal(run.code, 0);
  assert.match(run.stdout, /Códigos de saída:/);
  assert.match(run.stdout, /2 {2}lote gravado, mas nenhuma linha foi aceita/);
});

test(
  'a missing file or a directory: one Portuguese line, exit 1, with or without the service running',
  processTest,
  async () => {
    const data = join(dir, 'data');
    await prepareDataDir(data, { ies: 1, students: 5 });
    const alone = await renova({ ...env, DATA_DIR: data }, 'import', '/nonexistent.csv', '--ie', '1');
    assert.equal(alone.code, 1);
    assert.equal(alone.stderr.trim(), 'renova: não foi possível ler /nonexistent.csv: arquivo inexistente');

    const served = await serve({ ...env, DATA_DIR: data }, '--no-demo');
    try {
      const through = await renova({ ...env, DATA_DIR: data }, 'import', '/nonexistent.csv', '--ie', '1');
      assert.equal(through.code, 1, through.stderr);
      assert.ok(oneLine(through.stderr), through.stderr);
      assert.match(through.stderr, /^renova: não foi possível ler \/nonexistent\.csv: arquivo inexistente/);
      assert.doesNotMatch(through.stderr, /TypeError|at /);

      const folder = join(dir, 'pasta.csv');
      mkdirSync(folder);
      const directory = await renova({ ...env, DATA_DIR: data }, 'import', folder, '--ie', '1');
      assert.equal(directory.code, 1);
      assert.ok(oneLine(directory.stderr), directory.stderr);
      assert.match(directory.stderr, /não é um arquivo/);

      // Refused by the service (UTF-16): one line naming the problem.
      const utf16 = join(dir, 'unicode.csv');
      writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('brbId\r\n1\r\n', 'utf16le')]));
      const refused = await renova({ ...env, DATA_DIR: data }, 'import', utf16, '--ie', '1');
      assert.equal(refused.code, 1);
      assert.ok(
        oneLine(
          refused.stderr
            .split('\n')
            .filter((l) => l.startsWith('renova:'))
            .join('\n'),
        ),
        refused.stderr,
      );
      assert.match(refused.stderr, /renova: o serviço recusou \(400\): O arquivo está em UTF-16/);
    } finally {
      await served.stop();
    }
  },
);

test(
  'a file whose every row failed records the batch and exits 2; the progress label is Portuguese',
  processTest,
  async () => {
    const data = join(dir, 'data2');
    await prepareDataDir(data, { ies: 1, students: 5 });
    const file = join(dir, 'todas-erradas.csv');
    writeFileSync(
      file,
      'Contrato (brbId);Parcelas cobertas;Valor do contrato de prestação de serviços;Percentual concedido (%);Valor financiado\r\n' +
        '999999901;6;9000,00;50;4500,00\r\n999999902;6;9000,00;50;4500,00\r\n',
    );
    const run = await renova({ ...env, DATA_DIR: data }, 'import', file, '--ie', '1');
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /lote \d+: 0 aceitos, 2 com erro/);
    assert.match(run.stdout, /Linha 2 \(brbId 999999901\): Contrato \(brbId\) não foi encontrado/);
    assert.match(run.stderr, /lendo a planilha \(bytes\)/);
    assert.match(run.stderr, /renova: nenhuma linha foi aceita: as 2 linhas do lote \d+ têm erro/);
  },
);
