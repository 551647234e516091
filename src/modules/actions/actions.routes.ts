import type { App, Module } from '../../http/types.js';
import { actionSchemas } from './actions.schemas.js';
import { ComplementaryDataOut } from './complementary.schemas.js';
import { statusChangeSchemas } from './status-change.schemas.js';
import { v1Routes } from './v1.routes.js';
import { v2Routes } from './v2.routes.js';
import { v2Schemas } from './v2.schemas.js';
import { v3Routes } from './v3.routes.js';

/** "Mais Ações": every action on a journey entry, each a state-machine transition (docs/state-machine.md). */
async function routes(app: App) {
  await v3Routes(app);
  await v2Routes(app);
  await v1Routes(app);
}

export const actionsModule: Module = {
  name: 'actions',
  schemas: [...actionSchemas, ...statusChangeSchemas, ...v2Schemas, ComplementaryDataOut],
  routes,
};
