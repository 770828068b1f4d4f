import { createAction } from '@reduxjs/toolkit';
import type { VisitorLists } from '../../contract/wire';
import type { EventName } from '../../contract/names';

/**
 * The session's Redux actions: things that happen to the session. The listeners of this folder
 * (and the slices) answer them, so screens say what happened and never run the consequences
 * themselves. (An "event" in this code base is a party; these are actions.)
 */

/** A screen depends on who is signed in: follow the identity service (the SDK loads on the first). */
export const identityWatchRequested = createAction('session/identityWatchRequested');

/**
 * A booth's collect link was opened for this media item (docs/product.md#collect). `told`: the server has it already
 * (the offline queue sent it): the collect screen's flow does not tell it again (src/features/collect/collectFlow.ts).
 */
export const collectLinkOpened = createAction<{ url: string; eventName: EventName; told?: boolean }>(
  'session/collectLinkOpened',
);

/** The packs screen was opened, with the pack its link names (or none): docs/product.md#packs. */
export const packsScreenOpened = createAction<{ linked: string | null }>('session/packsScreenOpened');

/**
 * The app has started for this visitor (the entry dispatches it once, after the store is made):
 * what booths made for their agent meanwhile joins the collection (agentResults.ts).
 */
export const sessionStarted = createAction('session/started');

/**
 * 'Minha Coleção' opened: what booths made for the agent is asked for now if the app's start has
 * not asked yet (agentResults.ts), so the page can tell an empty collection from an unknown one.
 */
export const collectionShown = createAction('session/collectionShown');

/**
 * The user logged out on purpose: what the account brought to this device (its collection, packs
 * and events, merged in at the sign-in) leaves with them, so the next person on the phone sees
 * none of it. The device's agent and an order still waiting for a login stay.
 */
export const loggedOut = createAction('session/loggedOut');

/**
 * 'Apagar minhas fotos' succeeded on the server: this device forgets what the visitor gathered
 * too (its cookies and stored collection follow, persistence.ts). Who is signed in, the device's
 * agent and an order waiting for a login stay.
 */
export const guestDataErased = createAction('session/guestDataErased');

/** What the account holds (collected, bought or created on another device) joins this device's lists. */
export const accountListsMerged = createAction<Partial<VisitorLists>>('session/accountListsMerged');

/** The account's lists win (docs/product.md#sign-in-and-sign-up: cookies replaced by the server's lists). */
export const accountListsAdopted = createAction<VisitorLists>('session/accountListsAdopted');
