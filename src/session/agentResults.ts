import type { ListenerEffectAPI } from '@reduxjs/toolkit';
import { api as apiSlice } from '../api/apiSlice';
import { isAgentId } from '../../contract/agentId';
import { parseMediaPath } from '../../contract/mediaPath';
import type { AppStartListening } from '../store/appListener';
import { collectionShown, sessionStarted } from './sessionActions';
import { resultsApi } from './resultsApi';
import type { AppDispatch, RootState } from '../store/rootReducer';
import { agentResultsAsked, agentResultsSettled, selectAgentResultsKnown } from './collectionSlice';
import { agentAssigned, selectAgent } from './visitorSlice';

type EffectApi = ListenerEffectAPI<RootState, AppDispatch>;

/** A tab shown again within this long of the last request does not ask again. */
const FOCUS_PAUSE_MS = 10_000;

/**
 * What the AI mirror and the 360 platform made for this visitor reaches the collection even when
 * the page was closed while they worked: once the app has started with the visitor's agent
 * (sessionStarted, or the agent assigned afterwards) and whenever the tab is shown again (RTK
 * Query's focus action, from setupListeners), the server's results for the agent are fetched and
 * merged into the collection ("Minha Coleção"). A failed fetch changes nothing. 'Minha Coleção'
 * asks at once when it opens before that (collectionShown): it may not call itself empty while
 * they are unknown, and the app's start waits for an idle browser.
 */
export function syncAgentResults(startListening: AppStartListening): void {
  let started = false;
  let askedAt = Number.NEGATIVE_INFINITY;

  let asking: Promise<void> | null = null;

  async function ask(api: EffectApi): Promise<void> {
    const agent = selectAgent(api.getState());
    if (!isAgentId(agent)) {
      api.dispatch(agentResultsSettled([]));
      return;
    }
    askedAt = Date.now();
    api.dispatch(agentResultsAsked());
    const result = await api.dispatch(
      resultsApi.endpoints.getAgentResults.initiate(agent, { subscribe: false, forceRefetch: true }),
    );
    const product = result.data?.product;
    const urls = Array.isArray(product)
      ? product.filter((url): url is string => typeof url === 'string' && parseMediaPath(url) !== null)
      : [];
    api.dispatch(agentResultsSettled(urls));
  }

  function fetchAndMerge(api: EffectApi): Promise<void> {
    const question = ask(api).finally(() => {
      if (asking === question) asking = null;
    });
    asking = question;
    return question;
  }

  startListening({
    actionCreator: sessionStarted,
    effect: async (_action, api) => {
      started = true;
      await fetchAndMerge(api);
    },
  });
  startListening({
    actionCreator: collectionShown,
    effect: async (_action, api) => {
      // The start's question already out will do.
      if (!selectAgentResultsKnown(api.getState()) && asking === null) await fetchAndMerge(api);
    },
  });
  startListening({
    actionCreator: agentAssigned,
    effect: async (_action, api) => {
      if (started) await fetchAndMerge(api);
    },
  });
  startListening({
    actionCreator: apiSlice.internalActions.onFocus,
    effect: async (_action, api) => {
      // A window gains focus often (a click back into it): once in a while is enough.
      if (started && Date.now() - askedAt >= FOCUS_PAUSE_MS) await fetchAndMerge(api);
    },
  });
}
