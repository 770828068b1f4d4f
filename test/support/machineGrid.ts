import type { Action, Reducer } from '@reduxjs/toolkit';

/**
 * Transition tests over the whole grid of a state machine: every named state × every named event
 * is run through the reducer and compared with the expected next state. The grid says, per
 * state, only the events that change it; every other event must leave that state as it was, and
 * that is asserted too, so no pair goes untested.
 */
export interface Machine<S, A extends Action> {
  reducer: Reducer<S, A>;
  actions: Record<string, { type: string }>;
}

/**
 * `answers`: the events of other slices the machine answers too (its extraReducers), which the
 * grid must cover besides its own actions.
 */
export function describeMachineGrid<S, A extends Action, N extends string, E extends string>(
  title: string,
  machine: Machine<S, A>,
  states: Record<N, S>,
  events: Record<E, A>,
  changes: Record<N, Partial<Record<E, S>>>,
  answers: ReadonlyArray<{ type: string }> = [],
): void {
  const stateNames = Object.keys(states) as N[];
  const eventNames = Object.keys(events) as E[];
  const rows = stateNames.flatMap((state) => eventNames.map((event) => [state, event] as [N, E]));

  describe(title, () => {
    it.each(rows)('%s + %s', (state, event) => {
      const expected = event in changes[state] ? changes[state][event] : states[state];
      expect(machine.reducer(states[state], events[event])).toEqual(expected);
    });

    it('names every action of the machine among its events, and only known events in the grid', () => {
      const types = new Set(Object.values(events).map((action) => (action as Action).type));
      expect(types).toEqual(new Set([...Object.values(machine.actions), ...answers].map((creator) => creator.type)));
      for (const state of stateNames) {
        for (const event of Object.keys(changes[state])) expect(eventNames).toContain(event);
      }
    });
  });
}
