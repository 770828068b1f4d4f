import { apiErrorCode, errorMessage, isLostAnswer } from '../../api/apiError';
import { entered, injectFlow, type Flow, printQueued } from '../../session';
import { notify } from '../../ui/notify';
import { newPrintRequestId, printApi } from './printApi';
import { packChosen, printDeferred, printFailed, printSucceeded, selectPrint } from './printSlice';
import { printTracking } from './sendQueuedPrint';

const NO_COPIES = 'Este pacote não possui cópias suficientes';

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The print widget's side effects (docs/product.md#print). A pack with no copies left is not
 * sent, and the spec's alert says so. Otherwise one copy is spent on the server and the overlay
 * opens, or the modal shows why not. Without a connection (or with the answer lost twice) the
 * print waits in the offline queue with the tap's id, and goes when the connection returns.
 */
const printFlow: Flow = (startListening) => {
  startListening({
    actionCreator: packChosen,
    effect: async (action, api) => {
      const state = entered(api, selectPrint, 'sending');
      if (!state) {
        if (selectPrint(api.getOriginalState()).status === 'choosing' && action.payload.copies <= 0) notify(NO_COPIES);
        return;
      }
      // One id per tap: a retry after a lost answer carries it again, so the server spends once.
      const args = { packHash: state.packHash, printId: state.printId, request: newPrintRequestId() };
      const defer = () => {
        api.dispatch(printQueued({ requestId: args.request, packHash: args.packHash, printId: args.printId }));
        api.dispatch(printDeferred());
      };
      if (isOffline()) return defer();
      let result = await api.dispatch(printApi.endpoints.printCopy.initiate(args));
      if ('error' in result && isLostAnswer(result.error))
        result = await api.dispatch(printApi.endpoints.printCopy.initiate(args));
      if ('data' in result && result.data) {
        api.dispatch(printTracking(args));
        api.dispatch(printSucceeded(result.data));
        return;
      }
      if (isLostAnswer(result.error)) return defer();
      const noCopies = apiErrorCode(result.error) === 'no_copies';
      if (noCopies) notify(NO_COPIES);
      api.dispatch(printFailed(noCopies ? NO_COPIES : errorMessage(result.error)));
    },
  });
};

injectFlow(printFlow);
