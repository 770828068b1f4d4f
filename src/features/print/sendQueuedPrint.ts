import { errorMessage, isTransient } from '../../api/apiError';
import type { QueuedPrint } from '../../lib/offlineQueue';
import { printApi, type PrintArgs } from './printApi';
import { printTracked, type SendOutcome, type SenderApi } from '../../session';

/** A print the server took: the guest follows its job from now on. */
export const printTracking = (args: Required<PrintArgs>) =>
  printTracked({ requestId: args.request, packHash: args.packHash, printId: args.printId, sentAt: Date.now() });

/** Sends a print of the offline queue, with the id its tap had: a replay spends no second copy. */
export async function sendQueuedPrint(item: QueuedPrint, { dispatch }: SenderApi): Promise<SendOutcome> {
  const args = { packHash: item.packHash, printId: item.printId, request: item.id };
  const result = await dispatch(printApi.endpoints.printCopy.initiate(args));
  if ('data' in result && result.data) {
    dispatch(printTracking(args));
    return { result: 'sent' };
  }
  if (isTransient(result.error)) return { result: 'retry' };
  return { result: 'refused', message: `A impressão que estava pendente não foi feita: ${errorMessage(result.error)}` };
}
