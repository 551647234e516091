import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { unprocessable } from '../../http/errors.js';
import type { ValuesOut } from './actions.schemas.js';

/** Values an action carries (v3 forecast, 2.1 ENVIO_VALORES): items of interface 2.6 `FillValuesInDto`. */
export interface CarriedValues {
  brbId: number;
  valores: Record<string, unknown>[];
  reenvio?: boolean;
}

/**
 * The one place actions hand carried values to "send values" (src/modules/values), inside the
 * action's transaction, answering its FillValuesOutDto. Until it is wired to that module, values
 * travel only through the send-values operations and an action carrying them is refused whole.
 */
export async function sendCarriedValues(
  _trx: Transaction<Database>,
  _caller: Caller,
  _values: CarriedValues,
): Promise<ValuesOut> {
  throw unprocessable(
    'Values cannot be sent through this operation yet; send values through /s/v3/mais-acoes/enviar-valores.',
    { operacao: '/s/v3/mais-acoes/enviar-valores' },
  );
}
