import { useEffect, useState } from 'react';
import { mediaUrl, type MediaRef } from '../../../contract/mediaPath';
import { collectLinkOpened, useAppDispatch, useSession } from '../../session';

const COLLECTED_MS = 2_000;

/**
 * Opening a collect link collects the item (docs/product.md#collect) once the media server has said it
 * exists: the session takes it into the collection, its event into the visitor's events, and a
 * signed-in visitor's account too. Answers whether the 'Coletado!' animation shows (for 2 seconds).
 */
export function useCollectOnOpen(ref: MediaRef | null, exists: boolean): boolean {
  const dispatch = useAppDispatch();
  useSession();
  // The URL whose animation has ended: the animation shows for any other.
  const [celebrated, setCelebrated] = useState<string | null>(null);
  const url = ref && exists ? mediaUrl(ref) : null;
  const eventName = ref?.eventName ?? null;

  useEffect(() => {
    if (!url || !eventName) return;
    dispatch(collectLinkOpened({ url, eventName }));
    const timer = setTimeout(() => setCelebrated(url), COLLECTED_MS);
    return () => clearTimeout(timer);
  }, [dispatch, url, eventName]);

  return url !== null && celebrated !== url;
}
