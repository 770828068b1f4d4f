import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MediaRef } from '../../../../../contract/mediaPath';
import { DomainError } from '../../../platform/errors';
import { displayKey, mediaKey, type MediaStorage, thumbKey } from '../../media';
import type { MediaPrefix } from './mediaGate';
import { sendObject } from '../../../platform/http/objectReply';

const KEY_OF: Record<MediaPrefix, (ref: MediaRef) => string> = {
  '/media/': mediaKey,
  '/thumbs/': thumbKey,
  '/display/': displayKey,
};

/**
 * Sends a media file, thumbnail or display rendition from the object store (the data folder or
 * the bucket), once whoever asks has been let through. A thumbnail or rendition not made yet (its
 * upload's job still queued, a photo stored before renditions existed) is made on its first
 * request, once across servers; one that cannot be made stays a 404: the gallery shows a plain
 * tile, the collect page the original.
 */
export async function sendMediaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  prefix: MediaPrefix,
  ref: MediaRef,
): Promise<FastifyReply> {
  const key = KEY_OF[prefix](ref);
  try {
    return await sendObject(request, reply, storage.objects, key);
  } catch (error) {
    const missing = error instanceof DomainError && error.kind === 'not_found';
    if (prefix === '/media/' || !missing || !(await storage.ensure(ref, prefix === '/thumbs/' ? 'thumb' : 'display')))
      throw error;
    return sendObject(request, reply, storage.objects, key);
  }
}
