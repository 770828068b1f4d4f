import { MAX_COLLECT_FOUND } from '../../../contract/faceSearch';
import { asOwnAgent } from '../../api/agentRefusal';
import { entered, injectFlow, selectAgent, type Flow } from '../../session';
import { collectMany } from '../../session/collectMany';
import {
  collectAllFailed,
  collectAllQueued,
  collectAllRequested,
  collectAllSucceeded,
  selectCollectFound,
} from './collectFoundSlice';
import { faceApi } from './faceApi';

/**
 * 'Pegar todas': the photos go to the server (a longer list than it takes, in parts) under the visitor's agent, as
 * the shared part does it (src/session/collectMany.ts): the server collects those the kept selfie finds.
 */
const collectFoundFlow: Flow = (startListening) => {
  startListening({
    actionCreator: collectAllRequested,
    effect: async (_action, api) => {
      const state = entered(api, selectCollectFound, 'collecting');
      if (!state) return;
      const result = await collectMany(api, state.photos, MAX_COLLECT_FOUND, (urls) =>
        asOwnAgent(
          () => selectAgent(api.getState()),
          (agent) => api.dispatch(faceApi.endpoints.collectFound.initiate({ agent, photos: urls })),
        ),
      );
      if (result.status === 'queued') api.dispatch(collectAllQueued(result.count));
      else if (result.status === 'failed') api.dispatch(collectAllFailed(result.message));
      else {
        const { added, already, refused } = result;
        api.dispatch(collectAllSucceeded({ added, already, refused }));
        // A photo refused is gone from the search (deleted, or hidden since): the list shows what is there now.
        if (refused > 0) api.dispatch(faceApi.util.invalidateTags([{ type: 'FaceMatches' }]));
      }
    },
  });
};

injectFlow(collectFoundFlow);
