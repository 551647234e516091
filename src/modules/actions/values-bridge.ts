import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { invalidField } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { lockEntryForChange } from '../lifecycle/entry-guard.js';
import { sendValues } from '../values/send-values.js';
import { toFillValuesOut } from '../values/values.mappers.js';
import type { FillValuesIn } from '../values/values.schemas.js';
import type { Origem } from '../values/values.tables.js';

/** Values an action carries (v3 forecast, 2.1 ENVIO_VALORES): items of interface 2.6 `FillValuesInDto`. */
export interface CarriedValues {
  /** The entry the action is about; every item concerns it. */
  brbId: number;
  valores: FillValuesIn[];
  reenvio?: boolean;
  origem: Extract<Origem, 'V2_ALTERAR' | 'PREVISAO_FORMATURA'>;
  /** JSON pointer of the list in the request body, for errors. */
  pointer: string;
}

/**
 * The one place actions hand carried values to "send values", inside the action's transaction: the
 * batch commits or rolls back with the action. An item without brbId is about the action's entry;
 * an item naming another entry is refused whole (400), since the action is about one entry.
 */
export async function sendCarriedValues(trx: Transaction<Database>, caller: Caller, values: CarriedValues) {
  // The action is about one entry: a closed journey answers 409 like every other action on it.
  await lockEntryForChange(trx, caller, values.brbId, 'ENVIAR_VALORES');
  const itens = values.valores.map((item, i) => {
    if (item.brbId !== undefined && item.brbId !== null && item.brbId !== values.brbId) {
      throw invalidField(
        `${values.pointer}/${i}/brbId`,
        t(
          `o brbId ${item.brbId} não é a entrada desta requisição (${values.brbId}); envie valores de outras entradas por /s/v3/mais-acoes/enviar-valores.`,
          `brbId ${item.brbId} is not the entry of this request (${values.brbId}); send values of other entries through /s/v3/mais-acoes/enviar-valores.`,
        ),
      );
    }
    return { ...item, brbId: values.brbId };
  });
  const result = await sendValues(trx, caller, { itens, reenvio: values.reenvio, origem: values.origem });
  return toFillValuesOut(result);
}
