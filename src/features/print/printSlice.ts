import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { isPrintable } from '../../../contract/mediaPath';
import { rootReducer } from '../../session';
import type { PrintReply } from '../../../contract/wire';

/**
 * The print widget (docs/product.md#print) as a state machine: closed -> choosing a pack ->
 * sending -> printed (the success overlay). An event that makes no sense in the current state
 * leaves it unchanged.
 */
/**
 * Why a tap on the icon asks first: the image was printed already, is on its way to the printer
 * (queued or printing), or waits for the connection. Another copy only once the guest says so.
 */
export type RepeatReason = 'printed' | 'onItsWay' | 'pending';

export type PrintState =
  | { status: 'closed' }
  | { status: 'confirming'; printId: string; reason: RepeatReason }
  | { status: 'choosing'; printId: string; error: string | null }
  | { status: 'sending'; printId: string; packHash: string }
  /** `reply`: how the queue stood when the server took the print, until the print's status says more. */
  | { status: 'printed'; printId: string; packHash: string; copies: number; reply: Omit<PrintReply, 'copies'> };

export const initialPrintState = { status: 'closed' } as PrintState;

const printMachine = createSlice({
  name: 'print',
  initialState: initialPrintState,
  reducers: {
    printOpened: (state, action: PayloadAction<string>): PrintState =>
      state.status === 'closed' && isPrintable(action.payload)
        ? { status: 'choosing', printId: action.payload, error: null }
        : state,
    printClosed: (state): PrintState =>
      state.status === 'choosing' || state.status === 'confirming' ? { status: 'closed' } : state,
    repeatAsked: (state, action: PayloadAction<{ printId: string; reason: RepeatReason }>): PrintState =>
      state.status === 'closed' && isPrintable(action.payload.printId)
        ? { status: 'confirming', ...action.payload }
        : state,
    repeatConfirmed: (state): PrintState =>
      state.status === 'confirming' ? { status: 'choosing', printId: state.printId, error: null } : state,
    /** Only a pack with copies left is sent; the check against 0 is the widget's (docs/product.md#print). */
    packChosen: (state, action: PayloadAction<{ hash: string; copies: number }>): PrintState =>
      state.status === 'choosing' && action.payload.copies > 0
        ? { status: 'sending', printId: state.printId, packHash: action.payload.hash }
        : state,
    printSucceeded: (state, action: PayloadAction<PrintReply>): PrintState => {
      if (state.status !== 'sending') return state;
      const { copies, ...reply } = action.payload;
      return { status: 'printed', printId: state.printId, packHash: state.packHash, copies, reply };
    },
    printFailed: (state, action: PayloadAction<string>): PrintState =>
      state.status === 'sending' ? { status: 'choosing', printId: state.printId, error: action.payload } : state,
    /** No connection: the print waits in the offline queue, and the widget says so instead of the overlay. */
    printDeferred: (state): PrintState => (state.status === 'sending' ? { status: 'closed' } : state),
    overlayClosed: (state): PrintState => (state.status === 'printed' ? { status: 'closed' } : state),
  },
  selectors: {
    selectPrint: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof printMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const printSlice = printMachine.injectInto(rootReducer);

export const {
  printOpened,
  printClosed,
  repeatAsked,
  repeatConfirmed,
  packChosen,
  printSucceeded,
  printFailed,
  printDeferred,
  overlayClosed,
} = printSlice.actions;
export const { selectPrint } = printSlice.selectors;
