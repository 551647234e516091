import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { jwtVerify } from 'jose';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'renova-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));
// English messages (LANG=en): this file checks the English texts; test/cli checks the Portuguese default.
const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent', LANG: 'en_US.UTF-8', LC_ALL: '' };

test('renova token prints, as its last line, a token signed with the data directory secret', async () => {
  const { stdout } = await run(
    process.execPath,
    ['bin/renova.js', 'token', '--ie', '7', '--ie', '8', '--role', 'API', '--sub', 'sys-7', '--ttl', '10m'],
    { env },
  );
  const token = stdout.trim().split('\n').at(-1)!;
  const secret = readFileSync(join(dir, 'jwt-secret'), 'utf8').trim();
  const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
    issuer: 'renova',
    audience: 'renova-api',
  });
  assert.equal(payload.sub, 'sys-7');
  assert.equal(payload.role, 'API');
  assert.deepEqual(payload.ies, [7, 8]);
  assert.ok(payload.exp! - payload.iat! === 600);
});

test('renova token refuses an IE token without --ie, and a bad role, with a message', async () => {
  await assert.rejects(run(process.execPath, ['bin/renova.js', 'token'], { env }), (e: { stderr: string }) =>
    /at least one --ie/.test(e.stderr),
  );
  await assert.rejects(
    run(process.execPath, ['bin/renova.js', 'token', '--role', 'ROOT', '--ie', '1'], { env }),
    (e: { stderr: string }) => /ROOT/.test(e.stderr),
  );
});

test('serve shuts down gracefully on SIGTERM: exits 0 and the data directory opens again', async () => {
  const child = spawn(process.execPath, ['bin/renova.js', 'serve', '--no-demo'], {
    env: { ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${out}`)), 150_000);
    child.stdout.on('data', () => {
      if (out.includes('renova is listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const url = /listening on (\S+)/.exec(out)![1]!;
  assert.equal((await fetch(`${url}/readyz`)).status, 200);
  child.kill('SIGTERM');
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 0);
  const { stdout } = await run(process.execPath, ['bin/renova.js', 'migrate'], { env });
  assert.match(stdout, /up to date/);
});
