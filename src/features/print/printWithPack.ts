import { errorMessage, isApiErrorBody } from '../../api/apiSlice';
import type { AppDispatch, GetState } from '../../session';
import { notify } from '../../ui/notify';
import { newPrintRequestId, printApi } from './printApi';
import { packChosen, printFailed, printSucceeded, selectPrint } from './printSlice';

export const NO_COPIES = 'Este pacote não possui cópias suficientes';

/** The request may have reached the server though no answer came back: a network failure or a 5xx. */
function isLostAnswer(result: { error?: unknown }): boolean {
  const error = result.error;
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const status = (error as { status: unknown }).status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || (typeof status === 'number' && status >= 500);
}

/**
 * The visitor picks a pack: with no copies left the spec's alert and nothing else; otherwise
 * one copy is spent on the server and the overlay opens, or the modal shows why not.
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
    let result = await dispatch(printApi.endpoints.printCopy.initiate(args));
    if (isLostAnswer(result)) result = await dispatch(printApi.endpoints.printCopy.initiate(args));
    if ('data' in result && result.data) {
      dispatch(printSucceeded({ copies: result.data.copies }));
      return;
    }
    const error = result.error;
    const noCopies = typeof error === 'object' && error !== null && 'data' in error && isApiErrorBody(error.data) && error.data.error === 'no_copies';
    if (noCopies) notify(NO_COPIES);
    dispatch(printFailed(noCopies ? NO_COPIES : errorMessage(error)));
  };
}
