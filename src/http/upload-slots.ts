import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { t } from './i18n.js';

/**
 * Uploads being read and parsed at the same time, per app (a test process builds many): in all,
 * and per IE (an operator, who holds every IE, counts under its own `sub`). Parsing a sheet costs
 * memory and a core; past the cap the caller is told to come back instead of queueing.
 */
interface Slots {
  total: number;
  byKey: Map<string, number>;
}
const slotsOf = new WeakMap<FastifyInstance, Slots>();
const held = new WeakMap<FastifyRequest, () => void>();

const RETRY_AFTER_S = 10;

function keysOf(request: FastifyRequest): string[] {
  const caller = request.caller;
  if (!caller) return [`ip:${request.ip}`];
  return caller.all ? [`sub:${caller.sub}`] : caller.ies.map((ie) => `ie:${ie}`);
}

/**
 * Takes an upload slot for this request, or throws 429 (with Retry-After) when the process or
 * one of the caller's IEs is at its cap. Returns the release, safe to call more than once.
 */
export function acquireUploadSlot(request: FastifyRequest): () => void {
  const app = request.server;
  const limits = app.config.limits;
  let slots = slotsOf.get(app);
  if (!slots) {
    slots = { total: 0, byKey: new Map() };
    slotsOf.set(app, slots);
  }
  const keys = keysOf(request);
  const perKeyFull = keys.some((key) => (slots.byKey.get(key) ?? 0) >= limits.uploadsMaxPerIe);
  if (slots.total >= limits.uploadsMax || perKeyFull) {
    // No securityEvent here: the 429 is counted as `rate_limited` by http/security-hooks.ts.
    throw new AppError(
      429,
      'too-many-uploads',
      perKeyFull
        ? t(
            `Já há ${limits.uploadsMaxPerIe} envio(s) de planilha desta instituição sendo processado(s); espere terminar e envie de novo.`,
            `${limits.uploadsMaxPerIe} sheet upload(s) of this institution are already being processed; wait for them to finish and send again.`,
          )
        : t(
            'O serviço está processando o máximo de planilhas ao mesmo tempo; envie de novo em alguns segundos.',
            'The service is processing as many sheets as it can at once; send again in a few seconds.',
          ),
      {},
      { 'retry-after': String(RETRY_AFTER_S) },
    );
  }
  slots.total += 1;
  for (const key of keys) slots.byKey.set(key, (slots.byKey.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    slots.total -= 1;
    for (const key of keys) {
      const left = (slots.byKey.get(key) ?? 1) - 1;
      if (left <= 0) slots.byKey.delete(key);
      else slots.byKey.set(key, left);
    }
  };
}

/**
 * Route hooks for an upload route: the slot is taken before the body is read (preHandler, after
 * authentication) and given back when the handler has answered (onSend) or the response ended
 * (onResponse). A client that disconnects does not free the slot while its file is still parsed.
 */
export const uploadSlotHooks = {
  preHandler: async (request: FastifyRequest) => {
    held.set(request, acquireUploadSlot(request));
  },
  onSend: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    held.get(request)?.();
    return payload;
  },
  onResponse: async (request: FastifyRequest) => {
    held.get(request)?.();
  },
};
