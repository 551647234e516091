import type { FastifyRequest } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/database.js';
import { replicasOf } from '../db/replicas.js';
import { isWrite } from './methods.js';
import type { App } from './types.js';

/**
 * The database for a read that tolerates a little staleness (dashboard lists, counters,
 * autocomplete, exports, reference lists, audit, batch reports): a read replica when
 * DATABASE_REPLICA_URLS names one that is in, else the primary. A caller who wrote within the
 * last few seconds reads from the primary (read-your-writes). Without replicas it is app.db.
 */
export function readDb(request: FastifyRequest): Db {
  const db = request.server.db;
  const replicas = replicasOf(db);
  if (replicas === undefined) return db;
  return replicas.readFor(request.caller?.sub) ?? db;
}

/**
 * With replicas: remembers each caller's writes (for readDb) and adds per-replica gauges to
 * /metrics. Without replicas it adds nothing, so the primary path costs nothing more.
 */
export function registerReadRouting(app: App, registry: Registry): void {
  const replicas = replicasOf(app.db);
  if (replicas === undefined) return;
  const note = async (request: FastifyRequest) => {
    if (isWrite(request.method) && request.caller) replicas.noteWrite(request.caller.sub);
  };
  app.addHook('preHandler', note);
  app.addHook('onResponse', note);
  new Gauge({
    name: 'renova_db_replica_in',
    help: 'Read replica serving reads (1) or left out (0: lagging, unreachable or not a standby)',
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      for (const state of replicas.states()) this.set({ replica: state.name }, state.in ? 1 : 0);
    },
  });
  new Gauge({
    name: 'renova_db_replica_lag_seconds',
    help: "Read replica's replay lag behind the primary at the last check (-1 while unreachable)",
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      for (const state of replicas.states())
        this.set({ replica: state.name }, state.lagMs === null ? -1 : state.lagMs / 1000);
    },
  });
  new Gauge({
    name: 'renova_db_replica_reads',
    help: 'Reads sent to the replica since the process started',
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      for (const state of replicas.states()) this.set({ replica: state.name }, state.reads);
    },
  });
}
