import type { TenancyCase } from './tenancy-cases.js';
import { ACTION_CASES } from './tenancy-cases-actions.js';
import { DASHBOARD_CASES } from './tenancy-cases-dashboard.js';
import { WORKSPACE_CASES } from './tenancy-cases-workspace.js';

/**
 * operationId → how the tenancy test calls it with IE 2's ids (or why it takes no tenant id). The
 * keys must be exactly the document's id-taking operations: test/platform/tenancy-every-operation.
 */
export const TENANCY_CASES: Record<string, TenancyCase> = { ...DASHBOARD_CASES, ...ACTION_CASES, ...WORKSPACE_CASES };
