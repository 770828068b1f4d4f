import type { CollectFoundReply } from '../../contract/wire';
import { apiErrorStatus, errorMessage } from '../api/apiError';
import type { FlowApi } from '../store/flows';
// Through the session's door, as the features read it: a second way into these modules from the screens' chunks
// would break the door's bundle in the landing page's first visit (docs/architecture.md#the-rules-and-what-checks-them)
import { collectionMerged, collectQueued, eventsMerged, selectSession } from './index';
import type { CollectManyOutcome, PhotoToCollect } from './collectManyMachine';

/**
 * Many photos into 'Minha Coleção' in one tap, the part the face screen's 'Pegar todas' and the guest's own photos
 * page's 'Adicionar à minha coleção' share (docs/product.md#face-search, docs/product.md#photos-delivered): the
 * machine (collectManyMachine.ts) and its work, the photos sent to the server in parts
 * (each screen's call: the server collects and counts them), what it collected merged into the collection and its
 * events into the visitor's; without a connection each photo waits in the offline queue, which checks and collects it
 * as it does a collect link opened offline. An entry of its own, as nameCheck.ts: the landing page does not carry it.
 */

type Answer = { data: CollectFoundReply } | { error: unknown };

/** What the flow hands back to the machine. */
export type CollectManyResult =
  | ({ status: 'collected' } & CollectManyOutcome)
  | { status: 'queued'; count: number }
  | { status: 'failed'; message: string };

/**
 * Sends the photos in parts of `partSize` (`send`: the screen's call for one part), keeps what was collected, and says
 * how it went. Offline at the first part, every photo not in the collection yet waits in the offline queue.
 */
export async function collectMany(
  api: FlowApi,
  photos: readonly PhotoToCollect[],
  partSize: number,
  send: (urls: string[]) => PromiseLike<Answer>,
): Promise<CollectManyResult> {
  const before = new Set(selectSession(api.getState()).collection);
  const keep = (urls: readonly string[]) => {
    if (urls.length === 0) return;
    api.dispatch(collectionMerged(urls));
    api.dispatch(eventsMerged([...new Set(photos.filter((photo) => urls.includes(photo.url)).map((p) => p.event))]));
  };
  const collected: string[] = [];
  let refused = 0;
  for (let start = 0; start < photos.length; start += partSize) {
    const result = await send(photos.slice(start, start + partSize).map((photo) => photo.url));
    if ('error' in result) {
      keep(collected);
      // No answer at all: the network is down (the venue's Wi-Fi dropped).
      if (apiErrorStatus(result.error) === 'FETCH_ERROR' && start === 0) {
        const waiting = photos.filter((photo) => !before.has(photo.url));
        for (const photo of waiting) api.dispatch(collectQueued(photo.url, photo.event));
        return { status: 'queued', count: waiting.length };
      }
      return { status: 'failed', message: errorMessage(result.error) };
    }
    collected.push(...result.data.collected);
    refused += result.data.refused.length;
  }
  keep(collected);
  const added = collected.filter((url) => !before.has(url)).length;
  return { status: 'collected', added, already: collected.length - added, refused };
}
