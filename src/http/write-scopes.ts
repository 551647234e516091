import type { RouteHandlerMethod, RouteOptions } from 'fastify';
import { holdScopes } from '../lib/scoped-storage.js';
import { isWrite } from './methods.js';
import type { App } from './types.js';

/**
 * A write request holds the async scopes (lib/scoped-storage.ts) its audit and Idempotency-Key bind,
 * from its first hook until both its answer has gone (or its client has gone) and its handler has
 * settled: a handler still committing after its client left keeps its bindings. A read holds
 * nothing, so a process serving only reads, or between writes, runs without async_hooks' promise
 * hook. The audit and the idempotency register it, before their own hooks, once per scope (a child
 * scope inherits it).
 */
const HOLDING = Symbol('renova.holdsScopesForWrites');

export function holdScopesForWrites(app: App): void {
  if (app.hasDecorator(HOLDING)) return;
  app.decorate(HOLDING, true);
  app.addHook('onRequest', (request, reply, done) => {
    if (isWrite(request.method)) reply.raw.once('close', holdScopes());
    done();
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    if (![route.method].flat().some((m) => isWrite(m))) return;
    const handler = route.handler as (...args: Parameters<RouteHandlerMethod>) => unknown;
    route.handler = function held(this: ThisParameterType<RouteHandlerMethod>, request, reply) {
      const release = holdScopes();
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        release();
        throw error;
      }
      if (result instanceof Promise) return result.finally(release);
      release();
      return result;
    } as RouteHandlerMethod;
  });
}
