import {
  dataErased,
  eraseAsked,
  eraseCancelled,
  eraseConfirmed,
  eraseOpened,
  eraseRefused,
  eraseSlice,
  initialEraseState,
  type EraseState,
} from '../../../../src/features/privacy/eraseSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

const REFUSAL = 'Não foi possível apagar agora. Tente de novo.';

const states = {
  idle: initialEraseState,
  confirming: { status: 'confirming' },
  erasing: { status: 'erasing' },
  failed: { status: 'failed', message: REFUSAL },
  erased: { status: 'erased' },
} satisfies Record<string, EraseState>;

const events = {
  eraseOpened: eraseOpened(),
  eraseAsked: eraseAsked(),
  eraseCancelled: eraseCancelled(),
  eraseConfirmed: eraseConfirmed(),
  eraseRefused: eraseRefused(REFUSAL),
  dataErased: dataErased(),
};

const idle = initialEraseState;
const confirming = states.confirming;
const erasing = states.erasing;

// Per state, the events that move it; every other event leaves it as it is. Once the server
// works nothing cancels it, and a screen opening meanwhile does not forget it.
describeMachineGrid("the 'Apagar minhas fotos' machine", eraseSlice, states, events, {
  idle: { eraseAsked: confirming },
  confirming: { eraseOpened: idle, eraseCancelled: idle, eraseConfirmed: erasing },
  erasing: { eraseRefused: states.failed, dataErased: states.erased },
  failed: { eraseOpened: idle, eraseCancelled: idle, eraseConfirmed: erasing },
  erased: { eraseOpened: idle, eraseAsked: confirming },
});

describe("the collection emptied by 'Apagar minhas fotos'", () => {
  const { selectCollectionErased } = eraseSlice.getSelectors();
  it.each([
    ['idle', false],
    ['confirming', false],
    ['erasing', true],
    ['failed', false],
    ['erased', true],
  ] as const)('%s: %s', (name, erased) => {
    expect(selectCollectionErased(states[name])).toBe(erased);
  });
});
