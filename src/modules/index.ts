import type { Module } from '../http/types.js';
import { referenceModule } from './reference/reference.routes.js';

/** Every domain area, in registration order. */
export const modules: Module[] = [referenceModule];
