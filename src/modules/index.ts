import type { Module } from '../http/types.js';
import { contractsModule } from './contracts/contracts.routes.js';
import { journeysModule } from './journeys/journeys.routes.js';
import { referenceModule } from './reference/reference.routes.js';

/** Every domain area, in registration order. */
export const modules: Module[] = [referenceModule, contractsModule, journeysModule];
