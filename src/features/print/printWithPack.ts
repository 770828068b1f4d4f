import { errorMessage, isApiErrorBody } from '../../api/apiError';
import type { AppDispatch, GetState } from '../../session';
import { notify } from '../../ui/notify';
import { printQueued, printTracked, type SendOutcome, type SenderApi } from '../outbox';
import type { QueuedPrint } from '../../lib/offlineQueue';
import { newPrintRequestId, printApi, type PrintArgs } from './printApi';
import { packChosen, printDeferred, printFailed, printSucceeded, selectPrint } from './printSlice';

export const NO_COPIES = 'Este pacote não possui cópias suficientes';

function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
}

/** The request may have reached the server though no answer came back: a network failure or a 5xx. */
function isLostAnswer(result: { error?: unknown }): boolean {
  const status = statusOf(result.error);
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || (typeof status === 'number' && status >= 500);
}

/** Worth trying again later: the answer was lost, or the server asked to wait. */
function isTransient(result: { error?: unknown }): boolean {
  const status = statusOf(result.error);
  return isLostAnswer(result) || status === 408 || status === 429;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

const tracked = (args: Required<PrintArgs>) => printTracked({ requestId: args.request, packHash: args.packHash, printId: args.printId, sentAt: Date.now() });

/**
 * The visitor picks a pack: with no copies left the spec's alert and nothing else; otherwise
 * one copy is spent on the server and the overlay opens, or the modal shows why not. Without a
 * connection (or with the answer lost twice) the print waits in the offline queue with the tap's
 * id, and goes when the connection returns.
 */
export function printWithPack(pack: { hash: string; copies: number }) {
  return async (dispatch: AppDispatch, getState: GetState): Promise<void> => {
    if (pack.copies <= 0) {
      notify(NO_COPIES);
      return;
    }
    dispatch(packChosen(pack));
    const state = selectPrint(getState());
    if (state.status !== 'sending') return;
    // One id per tap: a retry after a lost answer carries it again, so the server spends once.
    const args = { packHash: state.packHash, printId: state.printId, request: newPrintRequestId() };
    const defer = () => {
      dispatch(printQueued({ requestId: args.request, packHash: args.packHash, printId: args.printId }));
      dispatch(printDeferred());
    };
    if (isOffline()) return defer();
    let result = await dispatch(printApi.endpoints.printCopy.initiate(args));
    if (isLostAnswer(result)) result = await dispatch(printApi.endpoints.printCopy.initiate(args));
    if ('data' in result && result.data) {
      dispatch(tracked(args));
      dispatch(printSucceeded({ copies: result.data.copies }));
      return;
    }
    if (isLostAnswer(result)) return defer();
    const error = result.error;
    const noCopies = typeof error === 'object' && error !== null && 'data' in error && isApiErrorBody(error.data) && error.data.error === 'no_copies';
    if (noCopies) notify(NO_COPIES);
    dispatch(printFailed(noCopies ? NO_COPIES : errorMessage(error)));
  };
}

/** Sends a print of the offline queue, with the id its tap had: a replay spends no second copy. */
export async function sendQueuedPrint(item: QueuedPrint, { dispatch }: SenderApi): Promise<SendOutcome> {
  const args = { packHash: item.packHash, printId: item.printId, request: item.id };
  const result = await dispatch(printApi.endpoints.printCopy.initiate(args));
  if ('data' in result && result.data) {
    dispatch(tracked(args));
    return { result: 'sent' };
  }
  if (isTransient(result)) return { result: 'retry' };
  return { result: 'refused', message: `A impressão que estava pendente não foi feita: ${errorMessage(result.error)}` };
}
