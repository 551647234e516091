import type { Migration } from 'kysely';
import * as core from './0001_core.js';
import * as referenceData from './0002_reference_data.js';
import * as leanEntryWrites from './0003_lean_entry_writes.js';
import * as dashboard from './0101_dashboard.js';
import * as journeyLifecycle from './0250_journey_lifecycle.js';
import * as values from './0301_values.js';
import * as restitution from './0302_restitution.js';
import * as batchFileEncoding from './0307_batch_file_encoding.js';
import * as workspace from './0401_workspace.js';
import * as openJourneySpeed from './0402_open_journey_speed.js';
import * as requestKeys from './0403_request_keys.js';
import * as processKeys from './0404_process_keys.js';
import * as valuesRowsAsRequests from './0405_values_rows_as_requests.js';
import * as entryContractKey from './0406_entry_contract_key.js';
import * as convenioCalendar from './0501_convenio_calendar.js';
import * as timelineVocabulary from './0502_timeline_vocabulary.js';
import * as paymentsInOrder from './0520_payments_in_order.js';
import * as creditedMonths from './0521_credited_months.js';
import * as auditAndBatches from './0540_audit_and_batches.js';
import * as integrations from './0550_integrations.js';
import * as journeyNameTrigram from './0600_journey_name_trigram.js';
import * as journeyNameKeys from './0610_journey_name_keys.js';
import * as nameKeyFrequencies from './0620_name_key_frequencies.js';
import * as nameWalk from './0630_name_walk.js';
import * as bulkActions from './0710_bulk_actions.js';
import * as paymentFiles from './0722_payment_files.js';
import * as entryWriteIndexes from './0740_entry_write_indexes.js';
import * as entryIdentityKeys from './0750_entry_identity_keys.js';
import * as idempotencyClaimOwner from './0760_idempotency_claim_owner.js';
import * as nameKeysEveryWord from './0770_name_keys_every_word.js';
import * as entryNamesBeside from './0780_entry_names_beside.js';
import * as namesLeftBehind from './0790_names_left_behind.js';
import * as termKeyLookups from './0810_term_key_lookups.js';

/**
 * Every migration, by name; names sort in the order they run. Areas take a range each so work in
 * parallel never collides: 01xx dashboard, 02xx actions, 03xx values, 04xx workspace.
 */
export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_reference_data': referenceData,
  '0003_lean_entry_writes': leanEntryWrites,
  '0101_dashboard': dashboard,
  '0250_journey_lifecycle': journeyLifecycle,
  '0301_values': values,
  '0302_restitution': restitution,
  '0307_batch_file_encoding': batchFileEncoding,
  '0401_workspace': workspace,
  '0402_open_journey_speed': openJourneySpeed,
  '0403_request_keys': requestKeys,
  '0404_process_keys': processKeys,
  '0405_values_rows_as_requests': valuesRowsAsRequests,
  '0406_entry_contract_key': entryContractKey,
  '0501_convenio_calendar': convenioCalendar,
  '0502_timeline_vocabulary': timelineVocabulary,
  '0520_payments_in_order': paymentsInOrder,
  '0521_credited_months': creditedMonths,
  '0540_audit_and_batches': auditAndBatches,
  '0550_integrations': integrations,
  '0600_journey_name_trigram': journeyNameTrigram,
  '0610_journey_name_keys': journeyNameKeys,
  '0620_name_key_frequencies': nameKeyFrequencies,
  '0630_name_walk': nameWalk,
  '0710_bulk_actions': bulkActions,
  '0722_payment_files': paymentFiles,
  '0740_entry_write_indexes': entryWriteIndexes,
  '0750_entry_identity_keys': entryIdentityKeys,
  '0760_idempotency_claim_owner': idempotencyClaimOwner,
  '0770_name_keys_every_word': nameKeysEveryWord,
  '0780_entry_names_beside': entryNamesBeside,
  '0790_names_left_behind': namesLeftBehind,
  '0810_term_key_lookups': termKeyLookups,
};
