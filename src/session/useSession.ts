import { useEffect } from 'react';
import { identityWatchRequested } from './sessionActions';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectSession, type SessionView } from './sessionView';

/**
 * The session as a screen reads it: who is signed in (`identity`, a union: unknown, signedOut,
 * signedIn with its user), the visitor's agent and events, the collection and the packs. A
 * screen that reads it depends on who is signed in, so the identity service is followed from
 * then on (its SDK loads the first time; the landing page never asks).
 */
export function useSession(): SessionView {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(identityWatchRequested());
  }, [dispatch]);
  return useAppSelector(selectSession);
}
