import { createAction, isAnyOf } from '@reduxjs/toolkit';
import type { ContactLead } from '../../../contract/wire';
import type { AppStartListening } from '../../session';
import { landingApi } from './landingApi';
import { newClientId, readOutbox, retryDelayMs, writeOutbox, type OutboxStorage, type QueuedLead } from './leadOutbox';

export const leadSubmitted = createAction<ContactLead>('landing/leadSubmitted');
/** At start and when the connection comes back: send what is still waiting. */
export const outboxFlushRequested = createAction('landing/outboxFlushRequested');

/** Client errors (a lead the server will never take) are dropped instead of retried forever. */
function isPermanent(error: unknown): boolean {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Sends the leads of the outbox, one at a time, retrying with a growing delay until the server has each. */
export function registerLeadOutbox(startListening: AppStartListening, storage: OutboxStorage | null): void {
  let memory: QueuedLead[] = readOutbox(storage);
  const load = () => (storage ? readOutbox(storage) : memory);
  const save = (leads: QueuedLead[]) => {
    memory = leads;
    writeOutbox(storage, leads);
  };

  startListening({
    matcher: isAnyOf(leadSubmitted, outboxFlushRequested),
    effect: async (action, api) => {
      if (leadSubmitted.match(action)) save([...load(), { ...action.payload, clientId: action.payload.clientId ?? newClientId(), attempts: 0 }]);
      // One sender at a time: a newer request takes over (and sees the whole outbox).
      api.cancelActiveListeners();
      for (;;) {
        const waiting = load();
        if (waiting.length === 0) return;
        const [lead] = waiting;
        const { attempts: _attempts, ...body } = lead; // the retry count is ours, not the server's
        const result = await api.dispatch(landingApi.endpoints.submitLead.initiate(body));
        const sent = !('error' in result) || isPermanent(result.error);
        if ('error' in result && sent) console.warn('lead refused by the server, dropped', result.error);
        if (sent) {
          save(load().filter((l) => l.clientId !== lead.clientId));
          continue;
        }
        const attempts = lead.attempts + 1;
        save(load().map((l) => (l.clientId === lead.clientId ? { ...l, attempts } : l)));
        await api.delay(retryDelayMs(attempts));
      }
    },
  });
}
