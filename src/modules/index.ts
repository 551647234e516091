import type { Module } from '../http/types.js';
import { actionsModule } from './actions/actions.routes.js';
import { agreementsModule } from './agreements/agreements.routes.js';
import { auditModule } from './audit/audit.routes.js';
import { batchesModule } from './batches/batches.routes.js';
import { bulkModule } from './bulk/bulk.routes.js';
import { contractsModule } from './contracts/contracts.routes.js';
import { dashboardModule } from './dashboard/dashboard.routes.js';
import { integrationsModule } from './integrations/integrations.routes.js';
import { journeyLifecycleModule } from './journey-lifecycle/journey-lifecycle.routes.js';
import { journeysModule } from './journeys/journeys.routes.js';
import { notificationsModule } from './notifications/notifications.routes.js';
import { operatorModule } from './operator/operator.routes.js';
import { preferencesModule } from './preferences/preferences.routes.js';
import { referenceModule } from './reference/reference.routes.js';
import { refundsModule } from './refunds/refunds.routes.js';
import { ticketsModule } from './tickets/tickets.routes.js';
import { transfersModule } from './transfers/transfers.routes.js';
import { valuesModule } from './values/values.routes.js';

/** Every domain area, in registration order. */
export const modules: Module[] = [
  referenceModule,
  notificationsModule,
  contractsModule,
  journeysModule,
  preferencesModule,
  agreementsModule,
  ticketsModule,
  dashboardModule,
  journeyLifecycleModule,
  actionsModule,
  valuesModule,
  refundsModule,
  operatorModule,
  transfersModule,
  batchesModule,
  auditModule,
  integrationsModule,
  bulkModule,
];
