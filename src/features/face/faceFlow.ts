import { errorMessage } from '../../api/apiError';
import { entered, injectFlow, selectAgent, type Flow } from '../../session';
import { faceApi } from './faceApi';
import { deletionConfirmed, deletionFailed, facesDeleted, selectFaceDeletion } from './faceDeletionSlice';
import { selectFace, sendFailed, sendRequested, sendSucceeded } from './faceSlice';

/** Face capture's calls: the capture sent under the visitor's agent, and every capture deleted. */
const faceFlow: Flow = (startListening) => {
  startListening({
    actionCreator: sendRequested,
    effect: async (_action, api) => {
      const state = entered(api, selectFace, 'sending');
      if (!state) return;
      const result = await api.dispatch(faceApi.endpoints.uploadFace.initiate({ name: selectAgent(api.getState()), image: state.image }));
      api.dispatch('error' in result ? sendFailed(errorMessage(result.error)) : sendSucceeded());
    },
  });
  startListening({
    actionCreator: deletionConfirmed,
    effect: async (_action, api) => {
      if (!entered(api, selectFaceDeletion, 'deleting')) return;
      const result = await api.dispatch(faceApi.endpoints.deleteFaces.initiate(selectAgent(api.getState())));
      api.dispatch('error' in result ? deletionFailed(errorMessage(result.error)) : facesDeleted());
    },
  });
};

injectFlow(faceFlow);
