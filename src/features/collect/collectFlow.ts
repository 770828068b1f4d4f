import { collectLinkOpened, collectQueued, injectFlow, selectSession, type Flow } from '../../session';
import { collectedApi, worthRetrying } from './collectedApi';

/**
 * A photo collected in the app, without a page load (a link inside the app: the face screen's photos, a booth's last
 * photo, a mirror's or a 360's result; the same link opened again after a login), is told to the server, which
 * delivers it to a subscribed guest and counts it (docs/product.md#collect). Not the page load's own collect: the
 * collect page's serving carried it, and the page started with it in the collection (src/session/persistence.ts read
 * it from the cookie the page set), as any photo collected before. A telling that gets no answer is not lost: it
 * waits in the offline queue, which sends it (./sendQueuedCollect.ts).
 */
const collectFlow: Flow = (startListening) => {
  startListening({
    actionCreator: collectLinkOpened,
    effect: async (action, api) => {
      const { url, eventName, told } = action.payload;
      if (told || selectSession(api.getOriginalState()).collection.includes(url)) return;
      const result = await api.dispatch(collectedApi.endpoints.tellCollected.initiate(url));
      if ('error' in result && worthRetrying(result.error)) api.dispatch(collectQueued(url, eventName));
    },
  });
};

injectFlow(collectFlow);
