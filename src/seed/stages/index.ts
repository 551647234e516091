import type { SeedStage } from '../context.js';
import { contractsStage } from './contracts.js';
import { institutionsStage } from './institutions.js';
import { journeysStage } from './journeys.js';
import { notificationsStage } from './notifications.js';
import { shiftsStage } from './shifts.js';
import { valuesStage } from './values.js';

/**
 * The seed, in order. A later area appends its stage here (values batches, restitution payments):
 * it gets the same context, can recompute any contract with planContract(ctx, id), and runs in
 * the same transaction.
 */
export const SEED_STAGES: readonly SeedStage[] = [
  shiftsStage,
  institutionsStage,
  journeysStage,
  contractsStage,
  notificationsStage,
  valuesStage,
];
