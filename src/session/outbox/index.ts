/**
 * The app's one outbox: what a visitor does without a connection (a collect, a print, a contact
 * lead) waits here, in IndexedDB, until the server has it; and the prints the guest follows
 * until they are printed.
 */
export {
  collectQueued,
  leadQueued,
  offlineQueueFlushRequested,
  offlineQueueStarted,
  printQueued,
  registerOfflineQueue,
  type OutboxSenders,
  type SendOutcome,
  type SenderApi,
} from './outboxListener';
export {
  printTracked,
  selectOutboxLoaded,
  selectPendingCollects,
  selectPendingPrints,
  selectTrackedPrints,
} from './outboxSlice';
export { defaultOutboxStore, memoryOutboxStore, warmOutboxStorage, type OutboxStore } from './outboxStore';

/** The words a guest reads next to what waits for the connection. */
export const PENDING_TEXT = 'Pendente: será enviado quando a conexão voltar';
