import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { RequestLogger, requestLogger } from '../../src/http/request-logger.js';
import { createTestApp } from '../helpers/app.js';
import { testLogLines } from '../helpers/test-logs.js';

/** A pino logger at `level` writing into an array, counting the children made from it. */
function counted(level: string) {
  const lines: Record<string, unknown>[] = [];
  const root = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  let children = 0;
  const child = root.child;
  // pino's children inherit from their parent: `this` is whichever logger the child is made from.
  root.child = function (this: typeof root, ...args: Parameters<typeof child>) {
    children += 1;
    return child.apply(this, args);
  } as typeof child;
  return { root: root as unknown as FastifyBaseLogger, lines, children: () => children };
}

describe("a request's logger (request.log)", () => {
  test('writes nothing and makes no pino child for lines below the level in force', () => {
    const { root, lines, children } = counted('warn');
    const log = requestLogger(root, { reqId: 'r-1' }, {});
    assert.ok(log instanceof RequestLogger);
    log.info({ a: 1 }, 'an info line');
    log.debug('a debug line');
    log.trace('a trace line');
    assert.equal(lines.length, 0);
    assert.equal(children(), 0, 'no child was made');
    assert.equal(log.level, 'warn');
  });

  test("a line at an enabled level carries the request's bindings, through one child", () => {
    const { root, lines, children } = counted('info');
    const log = requestLogger(root, { reqId: 'r-2' }, {});
    log.info({ a: 1 }, 'first');
    log.warn('second');
    log.debug('filtered by the child as by the parent');
    assert.deepEqual(
      lines.map((l) => [l.level, l.reqId, l.msg, l.a]),
      [
        [30, 'r-2', 'first', 1],
        [40, 'r-2', 'second', undefined],
      ],
    );
    assert.equal(children(), 1);
    const nested = log.child({ step: 'x' });
    nested.error('third');
    assert.deepEqual([lines[2]?.reqId, lines[2]?.step, lines[2]?.level], ['r-2', 'x', 50]);
  });

  test("a route's own level, and a logger that is not pino's, get the ordinary child", () => {
    const { root, children } = counted('info');
    const withLevel = requestLogger(root, { reqId: 'r-3' }, { level: 'debug' });
    assert.ok(!(withLevel instanceof RequestLogger));
    assert.equal(withLevel.level, 'debug');
    assert.equal(children(), 1);
    const silent = { child: () => silent, info() {}, error() {}, warn() {}, debug() {}, fatal() {}, trace() {} };
    assert.equal(requestLogger(silent as unknown as FastifyBaseLogger, { reqId: 'r-4' }, {}), silent);
  });

  test("the service's lines for a request still carry its request id", async () => {
    const t = await createTestApp({ LOG_LEVEL: 'debug' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/s/v2/renovacao/aptos' });
      assert.equal(res.statusCode, 401, res.body);
      const id = String(res.headers['x-request-id']);
      const line = testLogLines().find((l) => l.includes('"msg":"request completed"') && l.includes(id));
      assert.ok(line, 'the access line names the request');
      assert.match(line, new RegExp(`"reqId":"${id}"`));
      assert.match(line, /"statusCode":401/);
    } finally {
      await t.close();
    }
  });
});
