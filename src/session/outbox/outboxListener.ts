import { createAction, isAnyOf } from '@reduxjs/toolkit';
import {
  newQueueId,
  nextToSend,
  type QueuedCollect,
  type QueuedItem,
  type QueuedLead,
  type QueuedPrint,
} from '../../lib/offlineQueue';
import type { ContactLead } from '../../../contract/wire';
import type { AppStartListening } from '../../store/appListener';
import { guestDataErased } from '../sessionActions';
import type { AppDispatch, GetState } from '../../store/rootReducer';
import { notify } from '../../ui/notify';
import { itemDone, itemFailed, itemQueued, outboxLoaded, printTracked, selectQueuedItems } from './outboxSlice';
import type { OutboxStore } from './outboxStore';
import type { EventName } from '../../../contract/names';

/** At start (the store dispatches it): what a closed page left waiting is read back, then sent. */
export const offlineQueueStarted = createAction('outbox/started');
/** The connection came back, or the guest asked: send now, without waiting out the delay. */
export const offlineQueueFlushRequested = createAction('outbox/flushRequested');

/**
 * What became of one try: the server has it, it must wait and go again, or the server refused it for good (why, in
 * Portuguese).
 */
export type SendOutcome = { result: 'sent' } | { result: 'retry' } | { result: 'refused'; message: string };

export interface SenderApi {
  dispatch: AppDispatch;
  getState: GetState;
}

/** How each kind of item reaches the server: given by the features that queue them (app/store.ts wires them). */
export interface OutboxSenders {
  collect: (item: QueuedCollect, api: SenderApi) => Promise<SendOutcome>;
  print: (item: QueuedPrint, api: SenderApi) => Promise<SendOutcome>;
  lead: (item: QueuedLead, api: SenderApi) => Promise<SendOutcome>;
}

/** A collect made without a connection: it waits, and the media is checked when it goes. */
export const collectQueued = (url: string, eventName: EventName) =>
  itemQueued({ kind: 'collect', id: newQueueId(), createdAt: Date.now(), url, bname: eventName });
/**
 * A print made without a connection (or whose answer was lost): it keeps the tap's request id, so a replay spends once.
 */
export const printQueued = (print: { requestId: string; packHash: string; printId: string }) =>
  itemQueued({
    kind: 'print',
    id: print.requestId,
    createdAt: Date.now(),
    packHash: print.packHash,
    printId: print.printId,
  });

/**
 * A contact form sent (docs/product.md#landing-page: cleared and thanked at once): it waits here until the
 * server has it; its queue id is the clientId the server knows a replay by.
 */
export const leadQueued = (fields: Omit<ContactLead, 'clientId'>) => {
  const id = newQueueId();
  return itemQueued({ kind: 'lead', id, createdAt: Date.now(), lead: { ...fields, clientId: id } });
};

function send(item: QueuedItem, senders: OutboxSenders, api: SenderApi): Promise<SendOutcome> {
  switch (item.kind) {
    case 'collect':
      return senders.collect(item, api);
    case 'print':
      return senders.print(item, api);
    case 'lead':
      return senders.lead(item, api);
  }
}

/**
 * Keeps the queue in storage and sends it: one sender at a time, oldest first, each item until
 * the server has it or refuses it for good; after a failure the next try waits longer (2 s
 * doubling to 5 min), unless the connection comes back first.
 */
export function registerOfflineQueue(
  startListening: AppStartListening,
  store: OutboxStore,
  senders: OutboxSenders,
  // The browser's "offline" is reliable (its "online" is not): no try until the online event.
  isOffline: () => boolean = () => typeof navigator !== 'undefined' && navigator.onLine === false,
): void {
  // Writes go to storage one after another, in the order things happened: a sent item's delete
  // never lands before its put.
  let writes: Promise<void> = Promise.resolve();
  const write = (change: () => Promise<void>) => {
    writes = writes.then(change).catch((error: unknown) => console.warn('offline queue not saved', error));
    return writes;
  };

  startListening({
    actionCreator: offlineQueueStarted,
    effect: async (_action, api) => {
      try {
        api.dispatch(outboxLoaded(await store.load()));
      } catch (error) {
        // Storage unreadable: what this visit queues still goes out from memory.
        console.warn('offline queue not read', error);
        api.dispatch(outboxLoaded({ items: [], prints: [] }));
      }
    },
  });

  startListening({
    actionCreator: itemQueued,
    effect: (action, api) => {
      const item = selectQueuedItems(api.getState()).find((i) => i.id === action.payload.id);
      if (item) void write(() => store.putItem(item));
    },
  });

  startListening({
    actionCreator: guestDataErased,
    effect: () => void write(() => store.clear()),
  });

  startListening({
    actionCreator: printTracked,
    effect: (action) => void write(() => store.putPrint(action.payload)),
  });

  startListening({
    matcher: isAnyOf(outboxLoaded, offlineQueueFlushRequested, itemQueued),
    effect: async (_action, api) => {
      // One sender at a time: a newer request takes over. A send it interrupted may still reach
      // the server and be sent again: the server takes a replay as the same request.
      api.cancelActiveListeners();
      let force = true;
      for (;;) {
        const next = nextToSend(selectQueuedItems(api.getState()), Date.now(), force);
        if (!next || isOffline()) return;
        force = false;
        if (next.waitMs > 0) {
          await api.delay(next.waitMs);
          continue; // what waits may have changed meanwhile
        }
        const { item } = next;
        const outcome = await send(item, senders, { dispatch: api.dispatch, getState: api.getState });
        api.throwIfCancelled();
        if (outcome.result === 'retry') {
          api.dispatch(itemFailed({ id: item.id, at: Date.now() }));
          const failed = selectQueuedItems(api.getState()).find((i) => i.id === item.id);
          if (failed) void write(() => store.putItem(failed));
          continue;
        }
        api.dispatch(itemDone(item.id));
        void write(() => store.deleteItem(item.id));
        if (outcome.result === 'refused') notify(outcome.message);
      }
    },
  });
}
