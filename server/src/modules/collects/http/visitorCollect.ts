import type { FastifyRequest } from 'fastify';
import type { MediaRef } from '../../../../../contract/mediaPath';
import type { Database } from '../../../platform/db/database';
import type { JobQueue } from '../../../platform/db/jobQueue';
import { agentOf, filesViewer, type MediaAccess, mediaOpening } from '../../access';
import { noteCollect } from '../../delivery';
import { recordMediaAction } from '../../insights';
import { findMedia } from '../../media';

export interface CollectServices {
  db: Database;
  access: MediaAccess;
  queue: Pick<JobQueue, 'enqueue'>;
}

/**
 * What became of a collect: 'collected'; 'awaited', a photo the booth has not sent yet, noted for when its upload
 * lands; 'missing' (none such, and none awaited); 'hidden' by the event's host (docs/product.md#moderation);
 * 'locked', a guest who was there but must sign in; 'unknown', an event this visitor may not see (or none).
 */
export type CollectOutcome = 'collected' | 'awaited' | 'missing' | 'hidden' | 'locked' | 'unknown';

/**
 * What a photo collected by this request's visitor does on the server (docs/product.md#collect), whether the collect
 * page's serving carries it (modules/firstPaint/http/collectOnServe.ts) or the SPA tells of one it made without a
 * page load (`POST /coletado`, ./collectRoutes.ts): one function, so the two never drift apart.
 *
 * Only media the media gate lets this visitor see (the collect link's own file opens its event, as for the file),
 * never a hidden photo. Then, for a stored photo: a subscribed guest gets it (docs/product.md#photos-delivered),
 * 'A festa em números' counts it once per visitor and photo, and the visitor is granted the event (their presence:
 * should the owner make a public event private after the party, they keep it; a non-public event's gate granted it
 * already). `beforeUpload: 'await'` notes a photo not stored yet for its upload (a booth's QR code is scanned before
 * the booth's upload lands: only the page does that); 'refuse' answers 'missing' and changes nothing. Each step
 * keeps its own key (the delivery's photo, the count's once key, the grant's holder): a repeat changes nothing.
 */
export async function collectForVisitor(
  { db, access, queue }: CollectServices,
  request: FastifyRequest,
  ref: MediaRef,
  { beforeUpload }: { beforeUpload: 'await' | 'refuse' },
): Promise<CollectOutcome> {
  const opening = await mediaOpening(request, ref, access);
  if (opening === 'refused') return 'locked';
  if (opening !== 'public' && opening !== 'gated') return 'unknown';
  const viewer = filesViewer(request, access.keys, ref.eventName);
  if ((await access.guard.moderation(ref, viewer)) === 'hidden') return 'hidden';
  const stored = (await findMedia(db, ref)) !== null;
  if (!stored && beforeUpload === 'refuse') return 'missing';
  // Only by the browser's own agent, vouched by its signature.
  const agent = agentOf(request);
  if (agent) await noteCollect(db, queue, agent, ref);
  if (!stored) return 'awaited';
  await recordMediaAction(db, 'collect', ref, agent);
  if (opening === 'public' && agent) {
    await access.guard.grant(ref.eventName, { agent, uid: request.identity?.uid ?? viewer.uid }, 'collect');
  }
  return 'collected';
}
