import { errorMessage, isRefusedForGood } from '../../api/apiError';
import type { QueuedLead } from '../../lib/offlineQueue';
import type { SendOutcome, SenderApi } from '../../session';
import { landingApi } from './landingApi';

/** How a contact lead of the outbox reaches the server (wired by app/store.ts). */
export async function sendQueuedLead(item: QueuedLead, { dispatch }: SenderApi): Promise<SendOutcome> {
  const result = await dispatch(landingApi.endpoints.submitLead.initiate(item.lead));
  if (!('error' in result)) return { result: 'sent' };
  if (!isRefusedForGood(result.error)) return { result: 'retry' };
  return { result: 'refused', message: `Sua mensagem de contato não foi aceita: ${errorMessage(result.error)}` };
}
