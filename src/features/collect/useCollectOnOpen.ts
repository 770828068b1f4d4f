import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { mediaUrl, type MediaRef } from '../../lib/mediaPath';
import { useAddToAccountMutation } from '../account/accountApi';
import { authWatchRequested, selectAuthStatus } from '../auth/authSlice';
import { itemCollected } from '../collection/collectionSlice';
import { eventVisited } from '../visitor/visitorSlice';

export const COLLECTED_MS = 2_000;

/**
 * Opening a collect link collects the item (SPEC section 2): it joins the collection (cookie and
 * local storage), its event joins the visitor's events, and a signed-in visitor's account gets
 * it too. Answers whether the 'Coletado!' animation shows (for 2 seconds).
 */
export function useCollectOnOpen(ref: MediaRef | null): boolean {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const [addToAccount] = useAddToAccountMutation();
  // The URL whose animation has ended: the animation shows for any other.
  const [celebrated, setCelebrated] = useState<string | null>(null);
  const url = ref ? mediaUrl(ref) : null;
  const bname = ref?.bname ?? null;

  useEffect(() => {
    dispatch(authWatchRequested());
  }, [dispatch]);

  useEffect(() => {
    if (!url || !bname) return;
    dispatch(itemCollected(url));
    dispatch(eventVisited(bname));
    const timer = setTimeout(() => setCelebrated(url), COLLECTED_MS);
    return () => clearTimeout(timer);
  }, [dispatch, url, bname]);

  useEffect(() => {
    if (url && status === 'signedIn') void addToAccount({ list: 'collection', value: url });
  }, [addToAccount, url, status]);

  return url !== null && celebrated !== url;
}
