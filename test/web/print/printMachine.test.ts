import {
  initialPrintState,
  overlayClosed,
  packChosen,
  printClosed,
  printFailed,
  printOpened,
  printSlice,
  printSucceeded,
  type PrintState,
} from '../../../src/features/print/printSlice';

const reduce = printSlice.reducer;
const photo = '/media/f/pad/1.jpg';

const closed: PrintState = initialPrintState;
const choosing: PrintState = { status: 'choosing', printId: photo, error: null };
const sending: PrintState = { status: 'sending', printId: photo, packHash: 'H1' };
const printed: PrintState = { status: 'printed', printId: photo, packHash: 'H1', copies: 2 };

const events = {
  printOpened: printOpened(photo),
  printOpenedGif: printOpened('/media/f/boomerang/1.gif'),
  printOpenedMp4: printOpened('/media/f/360/1.mp4'),
  printClosed: printClosed(),
  packChosen: packChosen({ hash: 'H1', copies: 3 }),
  packChosenEmpty: packChosen({ hash: 'H0', copies: 0 }),
  printSucceeded: printSucceeded({ copies: 2 }),
  printFailed: printFailed('Sem conexão'),
  overlayClosed: overlayClosed(),
};

// Every state × every event: the expected next state (unchanged where the event is illegal).
const table: [string, PrintState, keyof typeof events, PrintState][] = [
  ['closed', closed, 'printOpened', choosing],
  ['closed', closed, 'printOpenedGif', closed],
  ['closed', closed, 'printOpenedMp4', closed],
  ['closed', closed, 'printClosed', closed],
  ['closed', closed, 'packChosen', closed],
  ['closed', closed, 'packChosenEmpty', closed],
  ['closed', closed, 'printSucceeded', closed],
  ['closed', closed, 'printFailed', closed],
  ['closed', closed, 'overlayClosed', closed],
  ['choosing', choosing, 'printOpened', choosing],
  ['choosing', choosing, 'printOpenedGif', choosing],
  ['choosing', choosing, 'printOpenedMp4', choosing],
  ['choosing', choosing, 'printClosed', closed],
  ['choosing', choosing, 'packChosen', sending],
  ['choosing', choosing, 'packChosenEmpty', choosing],
  ['choosing', choosing, 'printSucceeded', choosing],
  ['choosing', choosing, 'printFailed', choosing],
  ['choosing', choosing, 'overlayClosed', choosing],
  ['sending', sending, 'printOpened', sending],
  ['sending', sending, 'printOpenedGif', sending],
  ['sending', sending, 'printOpenedMp4', sending],
  ['sending', sending, 'printClosed', sending],
  ['sending', sending, 'packChosen', sending],
  ['sending', sending, 'packChosenEmpty', sending],
  ['sending', sending, 'printSucceeded', printed],
  ['sending', sending, 'printFailed', { status: 'choosing', printId: photo, error: 'Sem conexão' }],
  ['sending', sending, 'overlayClosed', sending],
  ['printed', printed, 'printOpened', printed],
  ['printed', printed, 'printOpenedGif', printed],
  ['printed', printed, 'printOpenedMp4', printed],
  ['printed', printed, 'printClosed', printed],
  ['printed', printed, 'packChosen', printed],
  ['printed', printed, 'packChosenEmpty', printed],
  ['printed', printed, 'printSucceeded', printed],
  ['printed', printed, 'printFailed', printed],
  ['printed', printed, 'overlayClosed', closed],
];

describe('the print machine', () => {
  it.each(table)('%s + %s', (_name, state, event, expected) => {
    expect(reduce(state, events[event])).toEqual(expected);
  });

  it('covers every state and every event', () => {
    const states = new Set(table.map(([name]) => name));
    expect([...states]).toEqual(['closed', 'choosing', 'sending', 'printed']);
    for (const name of states) {
      expect(table.filter(([n]) => n === name).map(([, , e]) => e)).toEqual(Object.keys(events));
    }
  });
});
