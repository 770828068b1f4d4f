import { entered, injectFlow, type Flow } from '../../session';
import { collectMany } from '../../session/collectMany';
import { guestCollectionApi } from './guestCollectionApi';
import {
  addAllFailed,
  addAllQueued,
  addAllRequested,
  addAllSucceeded,
  addAllTapped,
  selectGuestCollection,
} from './guestCollectionSlice';

/** Every photo of the page in one request (the link holds few: one part), as 'Pegar todas' does. */
const WHOLE_PAGE = Number.MAX_SAFE_INTEGER;

/**
 * 'Adicionar à minha coleção': the server collects the page's photos for this browser under the link's token, then
 * the collection keeps them (src/session/collectMany.ts); offline, they wait in the offline queue.
 */
const guestCollectionFlow: Flow = (startListening) => {
  startListening({
    actionCreator: addAllTapped,
    effect: async (action, api) => {
      api.dispatch(addAllRequested(action.payload.photos));
      const state = entered(api, selectGuestCollection, 'collecting');
      // Already collecting (a second tap), or nothing to add: the machine stayed as it was.
      if (!state) return;
      const { token } = action.payload;
      const result = await collectMany(api, state.photos, WHOLE_PAGE, () =>
        api.dispatch(guestCollectionApi.endpoints.collectGuestCollection.initiate(token)),
      );
      if (result.status === 'queued') api.dispatch(addAllQueued(result.count));
      else if (result.status === 'failed') api.dispatch(addAllFailed(result.message));
      else api.dispatch(addAllSucceeded({ added: result.added, already: result.already, refused: result.refused }));
    },
  });
};

injectFlow(guestCollectionFlow);
