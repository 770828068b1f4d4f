import { createSelector } from '@reduxjs/toolkit';
import { selectIdentity, type Identity } from './authSlice';
import { selectCollection } from './collectionSlice';
import { selectPackHashes } from './packsSlice';
import { selectVisitor } from './visitorSlice';
import type { EventName } from '../../contract/names';

/**
 * The session as a screen reads it (useSession): who is signed in, the visitor's agent and
 * events, what they collected and the packs they hold, from the slices that keep each.
 */
export interface SessionView {
  identity: Identity;
  agent: string;
  events: readonly string[];
  eventName: EventName;
  collection: readonly string[];
  packs: readonly string[];
}

export const selectSession = createSelector(
  [selectIdentity, selectVisitor, selectCollection, selectPackHashes],
  (identity, visitor, collection, packs): SessionView => ({
    identity,
    agent: visitor.agent,
    events: visitor.events,
    eventName: visitor.eventName,
    collection,
    packs,
  }),
);
