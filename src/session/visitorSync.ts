import type { ListenerEffectAPI } from '@reduxjs/toolkit';
import type { Pack } from '../../contract/packReply';
import { accountSyncApi } from './accountSyncApi';
import type { AppStartListening } from '../store/appListener';
import { collectLinkOpened, packsScreenOpened } from './sessionActions';
import { packsApi, packsToValidate } from './packsApi';
import { selectAuthStatus } from './authSlice';
import type { AppDispatch, RootState } from '../store/rootReducer';
import { accountListsMerged } from './sessionActions';
import { packAdded, selectPackHashes } from './packsSlice';
import { eventsMerged } from './visitorSlice';

type EffectApi = ListenerEffectAPI<RootState, AppDispatch>;

/** How long a link waits for the identity service to say who this is before giving up on the account. */
const IDENTITY_WAIT_MS = 60_000;

/** Whether someone is signed in, once the identity service has said (or after a while, no). */
async function signedInOnceKnown(api: EffectApi): Promise<boolean> {
  if (selectAuthStatus(api.getState()) === 'unknown') {
    await api.condition((_action, state) => selectAuthStatus(state) !== 'unknown', IDENTITY_WAIT_MS);
  }
  return selectAuthStatus(api.getState()) === 'signedIn';
}

/**
 * What the visitor gathers by links, kept in step with the session and the account:
 * - a collect link's item joins a signed-in visitor's account too (the slice collects it);
 * - the packs screen: every validation's events join the visitor's events, and the pack its link
 *   names joins the visitor's packs (and account) once the server knows it;
 * - what an account holds (collected, bought or created elsewhere, an event named from an order)
 *   joins what this browser holds.
 */
export function syncVisitor(startListening: AppStartListening): void {
  startListening({
    actionCreator: collectLinkOpened,
    effect: async (action, api) => {
      if (await signedInOnceKnown(api)) {
        await api.dispatch(
          accountSyncApi.endpoints.addToAccount.initiate({ list: 'collection', value: action.payload.url }),
        );
      }
    },
  });

  // The pack a packs link named, until the server has said it knows it.
  let awaited: string | null = null;
  const adopt = async (packs: readonly Pack[], api: EffectApi) => {
    api.dispatch(eventsMerged(packs.map((pack) => pack.bname).filter(Boolean)));
    const linked = awaited;
    if (linked === null || !packs.some((pack) => pack.hash === linked)) return;
    awaited = null;
    api.dispatch(packAdded(linked));
    if (await signedInOnceKnown(api))
      await api.dispatch(accountSyncApi.endpoints.addToAccount.initiate({ list: 'packs', value: linked }));
  };

  startListening({
    actionCreator: packsScreenOpened,
    effect: async (action, api) => {
      awaited = action.payload.linked;
      // An answer already in the cache dispatches nothing new: adopt it now.
      const asked = packsToValidate(selectPackHashes(api.getState()), action.payload.linked);
      const cached = asked.length > 0 ? packsApi.endpoints.validatePacks.select(asked)(api.getState()).data : undefined;
      if (cached) await adopt(cached, api);
    },
  });
  startListening({
    matcher: packsApi.endpoints.validatePacks.matchFulfilled,
    effect: (action, api) => adopt(action.payload, api),
  });

  startListening({
    matcher: accountSyncApi.endpoints.getAccount.matchFulfilled,
    effect: (action, api) => {
      const { collection, packs, events } = action.payload;
      api.dispatch(accountListsMerged({ collection, packs, events }));
    },
  });
}
