import type { UnknownAction } from '@reduxjs/toolkit';
import type { Flow, FlowApi } from '../store/flows';
import type { RootState } from '../store/rootReducer';

/**
 * A name checked with the server as it is typed, the part the event name and the partner name
 * share (docs/product.md#event-dashboard, docs/product.md#team): nothing is asked for a name under `minLength`
 * characters; a longer one is asked `debounceMs` after the last keystroke, and the reply counts only for the
 * name still typed. A check that did not reach the server (or got a reply the rules do not know)
 * is `failed`, and waits for 'Try again' or the next keystroke rather than asking by itself.
 *
 * A machine built on it is the union of `NameCheckState<Verdict>` and its own follow-up states
 * (creating the event, authorizing the partner): its reducers call these transitions for the check
 * part's events, and its flow includes the check's own (`flow`).
 */
export interface NameRules<Reply extends string, Verdict extends string> {
  minLength: number;
  debounceMs: number;
  /** What a reply of the check says of the name; null for a reply it should not have given. */
  verdictOf(reply: Reply): Verdict | null;
}

type Verdicts<Verdict extends string> = Verdict extends string ? { status: Verdict; name: string } : never;

export type NameCheckState<Verdict extends string> =
  | { status: 'empty'; name: '' }
  /** Too short to ask about. */
  | { status: 'short'; name: string }
  /** Typed: asked once the typing pauses. */
  | { status: 'waiting'; name: string }
  | { status: 'checking'; name: string }
  | { status: 'failed'; name: string }
  | Verdicts<Verdict>;

/** Any state of a machine built on the check: each has the name as typed. */
interface Named {
  status: string;
  name: string;
}

export interface NameCheck<Reply extends string, Verdict extends string> {
  rules: NameRules<Reply, Verdict>;
  initial: NameCheckState<Verdict>;
  /** A keystroke: the machine decides in which of its states the name may change. */
  typed(name: string): NameCheckState<Verdict>;
  /** The pause after typing `name`: a waiting machine asks, if the name is still that one. */
  paused<S extends Named>(state: S, name: string): S | NameCheckState<Verdict>;
  /** The server's reply for `name`. */
  answered<S extends Named>(state: S, name: string, reply: Reply): S | NameCheckState<Verdict>;
  /** The check of `name` did not reach the server. */
  checkFailed<S extends Named>(state: S, name: string): S | NameCheckState<Verdict>;
  /** 'Try again' after a failed check. */
  retried<S extends Named>(state: S): S | NameCheckState<Verdict>;
  /** The check's effects, for the machine's flow to include. */
  flow<Address, E extends UnknownAction>(parts: NameCheckFlowParts<Address, Reply, E>): Flow;
}

export function nameCheck<Reply extends string, Verdict extends string>(
  rules: NameRules<Reply, Verdict>,
): NameCheck<Reply, Verdict> {
  const checking = (state: Named, name: string) => state.status === 'checking' && state.name === name;
  return {
    rules,
    initial: { status: 'empty', name: '' },
    typed: (name) => {
      if (name === '') return { status: 'empty', name };
      return name.length < rules.minLength ? { status: 'short', name } : { status: 'waiting', name };
    },
    paused: (state, name) => (state.status === 'waiting' && state.name === name ? { status: 'checking', name } : state),
    answered: (state, name, reply) => {
      if (!checking(state, name)) return state;
      const verdict = rules.verdictOf(reply);
      return verdict === null ? { status: 'failed', name } : ({ status: verdict, name } as Verdicts<Verdict>);
    },
    checkFailed: (state, name) => (checking(state, name) ? { status: 'failed', name } : state),
    retried: (state) => (state.status === 'failed' ? { status: 'checking', name: state.name } : state),
    flow: (parts) => checkFlow(rules.debounceMs, parts),
  };
}

/**
 * How a machine's flow reaches its check: which instance an event is about (`Address`: the order
 * of one of several event-name forms; nothing for a screen's only partner name), that instance's
 * state, the events to hand back, and the server's check (rejecting when the call failed).
 */
interface NameCheckFlowParts<Address, Reply extends string, E extends UnknownAction> {
  /** The events that can move an instance into `waiting` or `checking`. */
  matches: (action: unknown) => action is E;
  addressOf: (action: E) => Address;
  select(state: RootState, address: Address): Named;
  typingPaused(address: Address, name: string): UnknownAction;
  nameChecked(address: Address, name: string, reply: Reply): UnknownAction;
  checkFailed(address: Address, name: string): UnknownAction;
  check(api: FlowApi, name: string): Promise<Reply>;
}

/**
 * The pause after the last keystroke, then the call. Each instance waits on its own, so typing in
 * one form never delays another's check.
 */
function checkFlow<Address, Reply extends string, E extends UnknownAction>(
  debounceMs: number,
  parts: NameCheckFlowParts<Address, Reply, E>,
): Flow {
  return (startListening) => {
    startListening({
      matcher: parts.matches,
      effect: async (action, api) => {
        const address = parts.addressOf(action);
        const state = parts.select(api.getState(), address);
        if (state === parts.select(api.getOriginalState(), address)) return;
        const { name } = state;
        if (state.status === 'waiting') {
          await api.delay(debounceMs);
          // Another keystroke since made a new state, which waits for its own pause.
          if (parts.select(api.getState(), address) === state) api.dispatch(parts.typingPaused(address, name));
        } else if (state.status === 'checking') {
          let reply: Reply;
          try {
            reply = await parts.check(api, name);
          } catch {
            api.dispatch(parts.checkFailed(address, name));
            return;
          }
          api.dispatch(parts.nameChecked(address, name, reply));
        }
      },
    });
  };
}
