import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startIntegrations } from '../../src/jobs/integrations.js';
import { notify } from '../../src/modules/notifications/notify.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createIe } from '../helpers/factories.js';
import { registerEndpoint } from './webhook-harness.js';

// The README's Node verification example (section "E-mail and webhooks"), run as written, with
// only its port changed: it must be at most 10 lines, accept a delivery signed by the service,
// print its webhook-id, and refuse a forged one.

// The repository: the working directory (scripts/test.js runs a transpiled copy of this file).
const root = process.cwd();
let t: TestContext;
let worker: Awaited<ReturnType<typeof startIntegrations>>;
let dir: string;
let child: ChildProcess | undefined;
let output = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket.end() !== undefined));
    socket.on('error', () => resolve(false));
  });

/** The js block that follows "Verifying in Node" in the README. */
function readmeExample(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const from = readme.indexOf('Verifying in Node');
  assert.ok(from > 0, 'the README has the verification example');
  const block = /```js\n([\s\S]*?)```/.exec(readme.slice(from));
  assert.ok(block, 'a js code block follows');
  return block[1]!;
}

before(async () => {
  t = await createTestApp({ INTEGRATIONS_BACKOFF_MS: '20', INTEGRATIONS_POLL_MS: '600000' });
  worker = await startIntegrations(t.config, t.db, t.app.log, null);
  dir = mkdtempSync(join(tmpdir(), 'renova-readme-'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
});
after(async () => {
  child?.kill();
  await worker?.stop();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the README's verification example verifies a delivery and refuses a forged one", async () => {
  const code = readmeExample();
  assert.ok(code.trimEnd().split('\n').length <= 10, `${code.trimEnd().split('\n').length} lines`);
  assert.match(code, /\.listen\(8080\)/);
  const port = await freePort();
  writeFileSync(join(dir, 'receiver.mjs'), code.replace('.listen(8080)', `.listen(${port})`));

  const ie = await createIe(t.db);
  const { segredo } = (await registerEndpoint(t, [ie.ieId], ['notificacao.criada'], `http://127.0.0.1:${port}/renova`))
    .endpoint;

  child = spawn(process.execPath, ['receiver.mjs'], {
    cwd: dir,
    env: { ...process.env, RENOVA_WEBHOOK_SECRET: segredo },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for (let i = 0; i < 100 && !(await listening(port)); i++) await new Promise((r) => setTimeout(r, 50));

  await notify(t.db, [{ ieId: ie.ieId, tipo: 'LOTE_PROCESSADO', titulo: 'Lote 7', mensagem: 'Processado.' }]);
  await worker.runOnce();
  const delivery = await t.db
    .selectFrom('webhook_entrega as d')
    .innerJoin('webhook_endpoint as e', 'e.id', 'd.endpoint_id')
    .select(['d.mensagem_id', 'd.status'])
    .where('e.ie_id', '=', ie.ieId)
    .executeTakeFirstOrThrow();
  assert.equal(delivery.status, 'ENTREGUE', 'the example answered 2xx: the signature verified');
  for (let i = 0; i < 40 && !output.includes('notificacao.criada'); i++) await new Promise((r) => setTimeout(r, 25));
  assert.match(output, new RegExp(`^${delivery.mensagem_id} notificacao\\.criada .*Lote 7`, 'm'));

  const forged = await fetch(`http://127.0.0.1:${port}/renova`, {
    method: 'POST',
    headers: {
      'webhook-id': 'msg_forged',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    },
    body: JSON.stringify({ type: 'notificacao.criada', timestamp: new Date().toISOString(), data: {} }),
  });
  assert.equal(forged.status, 400);
  assert.ok(!output.includes('msg_forged'));
});
