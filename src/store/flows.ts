import type { ListenerEffectAPI } from '@reduxjs/toolkit';
import type { AppStartListening } from './appListener';
import type { AppDispatch, RootState } from './rootReducer';

/**
 * A flow: the side effects of one machine (docs/architecture.md#machines-and-flows), written
 * as listeners on the store's one listener middleware. Screens dispatch the machine's events; the
 * flow answers the ones that moved the machine into a state that calls the network, waits or
 * reports, and hands the outcome back to the machine as its next event.
 */
export type Flow = (startListening: AppStartListening) => void;

export type FlowApi = ListenerEffectAPI<RootState, AppDispatch>;

const injected = new Set<Flow>();
const stores = new Set<AppStartListening>();

/**
 * A feature's flow joins every store, made before or after, once: the flow's module calls it when
 * it loads, as its slice calls `injectInto(rootReducer)`, so the landing page carries the code of
 * no machine it never shows.
 */
export function injectFlow(flow: Flow): void {
  if (injected.has(flow)) return;
  injected.add(flow);
  for (const startListening of stores) flow(startListening);
}

/** A new store (makeStore) takes the flows injected so far and every one injected later. */
export function attachFlows(startListening: AppStartListening): void {
  stores.add(startListening);
  for (const flow of injected) flow(startListening);
}

/**
 * The machine's state when the action being answered moved it into `status` (from another
 * state, or to another value of it), else null: a flow acts on transitions, so an event the
 * machine ignored starts nothing. Call it before the effect's first await.
 */
export function entered<S extends { status: string }, K extends S['status']>(
  api: Pick<FlowApi, 'getState' | 'getOriginalState'>,
  select: (state: RootState) => S,
  status: K,
): Extract<S, { status: K }> | null {
  const after = select(api.getState());
  if (after === select(api.getOriginalState()) || after.status !== status) return null;
  return after as Extract<S, { status: K }>;
}
