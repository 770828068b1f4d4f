import { apiErrorStatus, errorMessage } from '../../api/apiError';
import type { QueuedLead } from '../../lib/offlineQueue';
import type { SendOutcome, SenderApi } from '../../session';
import { landingApi } from './landingApi';

/** A refusal the server will repeat however often it is asked (not a timeout, not "slow down"). */
function refusedForGood(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** How a contact lead of the outbox reaches the server (wired by app/store.ts). */
export async function sendQueuedLead(item: QueuedLead, { dispatch }: SenderApi): Promise<SendOutcome> {
  const result = await dispatch(landingApi.endpoints.submitLead.initiate(item.lead));
  if (!('error' in result)) return { result: 'sent' };
  if (!refusedForGood(result.error)) return { result: 'retry' };
  return { result: 'refused', message: `Sua mensagem de contato não foi aceita: ${errorMessage(result.error)}` };
}
