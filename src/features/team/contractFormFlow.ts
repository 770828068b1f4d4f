import { entered, injectFlow, type Flow } from '../../session';
import { notify } from '../../ui/notify';
import {
  CONTRACT_FAILED,
  contractCreated,
  contractFailed,
  selectContractForm,
  submitRequested,
} from './contractFormSlice';
import { teamApi } from './teamApi';

/**
 * The contract form's side effect: a valid form is sent (`POST /create_contract`), and the
 * server's message, or the failure message (docs/product.md#team), is alerted.
 */
const contractFormFlow: Flow = (startListening) => {
  startListening({
    actionCreator: submitRequested,
    effect: async (_action, api) => {
      const state = entered(api, selectContractForm, 'submitting');
      if (!state) return;
      const result = await api.dispatch(teamApi.endpoints.createContract.initiate(state.payload));
      if (result.error) {
        api.dispatch(contractFailed());
        notify(CONTRACT_FAILED);
        return;
      }
      api.dispatch(contractCreated(result.data.message));
      notify(result.data.message);
    },
  });
};

injectFlow(contractFormFlow);
