import { MAX_COLLECT_FOUND } from '../../../contract/faceSearch';
import { asOwnAgent } from '../../api/agentRefusal';
import { apiErrorStatus, errorMessage } from '../../api/apiError';
import {
  collectionMerged,
  collectQueued,
  entered,
  eventsMerged,
  injectFlow,
  selectAgent,
  selectSession,
  type Flow,
} from '../../session';
import {
  collectAllFailed,
  collectAllQueued,
  collectAllRequested,
  collectAllSucceeded,
  selectCollectFound,
} from './collectFoundSlice';
import { faceApi } from './faceApi';

/** No answer at all: the network is down (the venue's Wi-Fi dropped). */
const offline = (error: unknown) => apiErrorStatus(error) === 'FETCH_ERROR';

/**
 * 'Pegar todas': the photos go to the server in one request (a longer list than it takes, in
 * parts), under the visitor's agent; what it collected joins the collection and its events the
 * visitor's events. Without a connection each photo waits in the offline queue, which checks and
 * collects it as it does a collect link opened offline.
 */
const collectFoundFlow: Flow = (startListening) => {
  startListening({
    actionCreator: collectAllRequested,
    effect: async (_action, api) => {
      const state = entered(api, selectCollectFound, 'collecting');
      if (!state) return;
      const { photos } = state;
      const before = new Set(selectSession(api.getState()).collection);
      const keep = (urls: readonly string[]) => {
        if (urls.length === 0) return;
        api.dispatch(collectionMerged(urls));
        api.dispatch(
          eventsMerged([...new Set(photos.filter((photo) => urls.includes(photo.url)).map((photo) => photo.event))]),
        );
      };
      const collected: string[] = [];
      let refused = 0;
      for (let start = 0; start < photos.length; start += MAX_COLLECT_FOUND) {
        const part = photos.slice(start, start + MAX_COLLECT_FOUND);
        const result = await asOwnAgent(
          () => selectAgent(api.getState()),
          (agent) =>
            api.dispatch(faceApi.endpoints.collectFound.initiate({ agent, photos: part.map((photo) => photo.url) })),
        );
        if ('error' in result) {
          keep(collected);
          if (offline(result.error) && start === 0) {
            const waiting = photos.filter((photo) => !before.has(photo.url));
            for (const photo of waiting) api.dispatch(collectQueued(photo.url, photo.event));
            api.dispatch(collectAllQueued(waiting.length));
          } else {
            api.dispatch(collectAllFailed(errorMessage(result.error)));
          }
          return;
        }
        collected.push(...result.data.collected);
        refused += result.data.refused.length;
      }
      keep(collected);
      const added = collected.filter((url) => !before.has(url)).length;
      api.dispatch(collectAllSucceeded({ added, already: collected.length - added, refused }));
      // A photo refused is gone from the search (deleted, or hidden since): the list shows what is there now.
      if (refused > 0) api.dispatch(faceApi.util.invalidateTags([{ type: 'FaceMatches' }]));
    },
  });
};

injectFlow(collectFoundFlow);
