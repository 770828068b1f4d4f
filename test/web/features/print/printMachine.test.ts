import {
  initialPrintState,
  overlayClosed,
  packChosen,
  printClosed,
  printDeferred,
  printFailed,
  printOpened,
  printSlice,
  printSucceeded,
  repeatAsked,
  repeatConfirmed,
  type PrintState,
} from '../../../../src/features/print/printSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

const photo = '/media/f/pad/1.jpg';
const gif = '/media/f/boomerang/1.gif';
const mp4 = '/media/f/360/1.mp4';

const states = {
  closed: initialPrintState,
  confirming: { status: 'confirming', printId: photo, reason: 'printed' },
  confirmingOnItsWay: { status: 'confirming', printId: photo, reason: 'onItsWay' },
  choosing: { status: 'choosing', printId: photo, error: null },
  choosingAfterError: { status: 'choosing', printId: photo, error: 'Sem conexão' },
  sending: { status: 'sending', printId: photo, packHash: 'H1' },
  printed: {
    status: 'printed',
    printId: photo,
    packHash: 'H1',
    copies: 2,
    reply: { status: 'queued', printer: 'out_of_paper' },
  },
} satisfies Record<string, PrintState>;

const events = {
  printOpened: printOpened(photo),
  printOpenedGif: printOpened(gif),
  printOpenedMp4: printOpened(mp4),
  printClosed: printClosed(),
  repeatAsked: repeatAsked({ printId: photo, reason: 'printed' }),
  repeatAskedOnItsWay: repeatAsked({ printId: photo, reason: 'onItsWay' }),
  repeatAskedGif: repeatAsked({ printId: gif, reason: 'printed' }),
  repeatAskedMp4: repeatAsked({ printId: mp4, reason: 'pending' }),
  repeatConfirmed: repeatConfirmed(),
  packChosen: packChosen({ hash: 'H1', copies: 3 }),
  packChosenEmpty: packChosen({ hash: 'H0', copies: 0 }),
  printSucceeded: printSucceeded({ status: 'queued', copies: 2, printer: 'out_of_paper' }),
  printFailed: printFailed('Sem conexão'),
  printDeferred: printDeferred(),
  overlayClosed: overlayClosed(),
};

const closed = initialPrintState;
const choosing = states.choosing;

// Per state, the events that move it; every other event leaves it as it is. Only images are
// printed (a .gif or an .mp4 opens nothing), and a pack with no copies is never sent.
describeMachineGrid('the print machine', printSlice, states, events, {
  closed: { printOpened: choosing, repeatAsked: states.confirming, repeatAskedOnItsWay: states.confirmingOnItsWay },
  // Printed before, or on its way to the printer: another copy only once the guest says so.
  confirming: { printClosed: closed, repeatConfirmed: choosing },
  confirmingOnItsWay: { printClosed: closed, repeatConfirmed: choosing },
  choosing: { printClosed: closed, packChosen: states.sending },
  choosingAfterError: { printClosed: closed, packChosen: states.sending },
  sending: {
    printSucceeded: states.printed,
    printFailed: states.choosingAfterError,
    // No connection: the print waits in the offline queue, the modal closes.
    printDeferred: closed,
  },
  printed: { overlayClosed: closed },
});
