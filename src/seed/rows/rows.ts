import type { TableBuffer } from '../bulk.js';
import type { ContractPlan } from '../plan.js';

/** Turns contract plans into rows of some tables; the contracts stage writes all of them per chunk. */
export interface ContractRows {
  buffers: TableBuffer[];
  add(plan: ContractPlan): void;
}
