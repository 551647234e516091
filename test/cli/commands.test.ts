import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { processTest, renova } from './process.js';

// CLI behaviour a person sees (issue 14, item 7).

const dir = mkdtempSync(join(tmpdir(), 'renova-cli-commands-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const env = {
  ...process.env,
  DATA_DIR: join(dir, 'data'),
  DATABASE_URL: '',
  LOG_LEVEL: 'silent',
  LANG: 'pt_BR.UTF-8',
  LC_ALL: '',
};

test('--version prints the version from package.json', async () => {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const run = await renova(env, '--version');
  assert.equal(run.code, 0);
  assert.equal(run.stdout.trim(), version);
});

test('--help is Portuguese by default and English when LANG starts with en', async () => {
  const pt = await renova(env, '--help');
  assert.match(pt.stdout, /roda o serviço/);
  const en = await renova({ ...env, LANG: 'en_US.UTF-8' }, '--help');
  assert.match(en.stdout, /run the service/);
});

test('a port in use is one line naming the port and what to do, exit code 1, no stack trace', processTest, async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as { port: number }).port;
  try {
    const run = await renova({ ...env, DATA_DIR: 'memory://', PORT: String(port) }, 'serve', '--no-demo');
    assert.equal(run.code, 1);
    const lines = run.stderr.trim().split('\n');
    assert.deepEqual(lines, [
      `renova: a porta ${port} (127.0.0.1) já está em uso; pare o processo que a usa ou escolha outra: PORT=${port + 1} renova serve`,
    ]);
  } finally {
    blocker.close();
  }
});
