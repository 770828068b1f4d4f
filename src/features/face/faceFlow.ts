import { asOwnAgent } from '../../api/agentRefusal';
import { errorMessage } from '../../api/apiError';
import { entered, injectFlow, selectAgent, type Flow } from '../../session';
import { faceApi } from './faceApi';
import { deletionConfirmed, deletionFailed, facesDeleted, selectFaceDeletion } from './faceDeletionSlice';
import {
  faceOpened,
  selectFace,
  selfieForgotten,
  selfieKept,
  selfieMissing,
  sendFailed,
  sendRequested,
  sendSucceeded,
} from './faceSlice';

/**
 * The face screen's calls: whether a selfie is kept when it opens, the capture sent under the
 * visitor's agent with the events to search (its answer is the search's, put in the cache the
 * results read), and the selfie deleted.
 */
const faceFlow: Flow = (startListening) => {
  startListening({
    actionCreator: faceOpened,
    effect: async ({ payload: events }, api) => {
      if (!entered(api, selectFace, 'checking')) return;
      const agent = selectAgent(api.getState());
      if (!agent) {
        api.dispatch(selfieMissing());
        return;
      }
      const asked = api.dispatch(faceApi.endpoints.getFaceMatches.initiate({ agent, events }, { forceRefetch: true }));
      const result = await asked;
      asked.unsubscribe();
      // A server that cannot say (offline) is no kept selfie: the guest can still take one.
      api.dispatch(result.data?.selfie ? selfieKept() : selfieMissing());
    },
  });
  startListening({
    actionCreator: sendRequested,
    effect: async ({ payload: events }, api) => {
      const state = entered(api, selectFace, 'sending');
      if (!state) return;
      const agentNow = () => selectAgent(api.getState());
      const result = await asOwnAgent(agentNow, (agent) =>
        api.dispatch(faceApi.endpoints.uploadFace.initiate({ agent, image: state.image, events })),
      );
      if ('error' in result) {
        api.dispatch(sendFailed(errorMessage(result.error)));
        return;
      }
      // Under the agent the selfie was filed under: the session's now, should the server have
      // given another in place of the one first sent.
      await api.dispatch(faceApi.util.upsertQueryData('getFaceMatches', { agent: agentNow(), events }, result.data));
      api.dispatch(sendSucceeded());
    },
  });
  startListening({
    actionCreator: deletionConfirmed,
    effect: async (_action, api) => {
      if (!entered(api, selectFaceDeletion, 'deleting')) return;
      const result = await asOwnAgent(
        () => selectAgent(api.getState()),
        (agent) => api.dispatch(faceApi.endpoints.deleteFaces.initiate(agent)),
      );
      if ('error' in result) {
        api.dispatch(deletionFailed(errorMessage(result.error)));
        return;
      }
      api.dispatch(facesDeleted());
      api.dispatch(selfieForgotten());
    },
  });
};

injectFlow(faceFlow);
