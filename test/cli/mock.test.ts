import assert from 'node:assert/strict';
import { test } from 'node:test';
import { processTest, renova, serve } from './process.js';

// The mock environment (issue 14, item 6): a fixed, documented development key that
// `renova token --mock` signs with, and the same data at every start, on any day.

const env = { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', LANG: 'pt_BR.UTF-8', LC_ALL: '', NODE_ENV: '' };
const LIST = '/api/v3/estudantes/pendentes-assinatura';

test(
  'a token from renova token --mock --role API works against two mock starts, and a list answers the same body',
  processTest,
  async () => {
    const minted = await renova(env, 'token', '--mock', '--role', 'API', '--ie', '1');
    assert.equal(minted.code, 0, minted.stderr);
    const token = minted.stdout.trim().split('\n').at(-1)!;

    // Two starts at once: different processes, each with its own in-memory database.
    const [a, b] = await Promise.all([serve(env, '--mock'), serve(env, '--mock')]);
    try {
      const bodies: string[] = [];
      for (const server of [a, b]) {
        const response = await fetch(`${server.url}${LIST}`, { headers: { authorization: `Bearer ${token}` } });
        const body = await response.text();
        assert.equal(response.status, 200, body);
        bodies.push(body);
      }
      assert.equal(bodies[0], bodies[1]);
      // The demo itself is the same too: the IE dashboard's eligible list (a page of students).
      const ieToken = (await renova(env, 'token', '--mock', '--role', 'IE', '--ie', '1')).stdout
        .trim()
        .split('\n')
        .at(-1)!;
      const pages: string[] = [];
      for (const server of [a, b]) {
        const response = await fetch(`${server.url}/s/v2/renovacao/aptos`, {
          headers: { authorization: `Bearer ${ieToken}` },
        });
        pages.push(await response.text());
        assert.equal(response.status, 200, pages.at(-1));
      }
      assert.match(pages[0]!, /"nomeEstudante"/, 'the page lists students');
      assert.equal(pages[0], pages[1]);
      // A token signed with another key (the default embedded secret) is refused by the mock.
      const other = await fetch(`${a.url}${LIST}`, {
        headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` },
      });
      assert.equal(other.status, 401);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  },
);

test(
  'the mock key is refused with NODE_ENV=production: token --mock, and serve --mock, exit non-zero',
  processTest,
  async () => {
    const production = { ...env, NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' };
    const token = await renova(production, 'token', '--mock', '--role', 'API', '--ie', '1');
    assert.equal(token.code, 1);
    assert.match(token.stderr, /mock development key/);
    assert.equal(token.stdout, '', 'no token printed');
    const served = await renova({ ...production, DATABASE_URL: '' }, 'serve', '--mock');
    assert.equal(served.code, 1);
    assert.doesNotMatch(served.stdout, /ouvindo/);
  },
);
