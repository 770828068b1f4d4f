import type { Contract } from '../../../../contract/wire';
import {
  copyFailed,
  copyRequested,
  COPY_FAILED,
  initialPartnerState,
  launchFailed,
  launchSucceeded,
  linkCopied,
  partnerOpened,
  partnerSlice,
  type PartnerState,
} from '../../../../src/features/partner/partnerSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

const FIRST: Contract = {
  title: 'Contrato 1',
  description: '',
  last: 'BUFFET_ANA-00ABCD',
  discount: 0.1,
  kit: 'Kit festa',
};
const SECOND: Contract = { title: 'Contrato 2', description: '', last: 'BUFFET_ANA-00WXYZ', discount: 0.15, kit: '' };
const request = {
  partner: 'buffet_ana',
  contractTitle: 'Contrato 1',
  lastCoupon: 'BUFFET_ANA-00ABCD',
  discount: 0.1,
  kit: 'Kit festa',
};
const secondCopying = {
  status: 'copying',
  request: {
    partner: 'buffet_ana',
    contractTitle: 'Contrato 2',
    lastCoupon: 'BUFFET_ANA-00WXYZ',
    discount: 0.15,
    kit: '',
  },
} as const;
const RAN_OUT = 'Os cupons deste contrato acabaram.';

// The grid follows the first contract's coupon, on the page of the partner buffet_ana.
const shown = (copies: PartnerState['copies'] = {}): PartnerState => ({ name: 'buffet_ana', copies });
const copyOfFirst = (copy: PartnerState['copies'][string]) => shown({ [FIRST.last]: copy });

const states = {
  closed: initialPartnerState,
  idle: shown(),
  copying: copyOfFirst({ status: 'copying', request }),
  launching: copyOfFirst({ status: 'launching', request }),
  launched: copyOfFirst({ status: 'launched' }),
  copyFailed: copyOfFirst({ status: 'failed', message: COPY_FAILED }),
  launchFailed: copyOfFirst({ status: 'failed', message: RAN_OUT }),
} satisfies Record<string, PartnerState>;

const events = {
  opened: partnerOpened('buffet_ana'),
  openedOtherPartner: partnerOpened('buffet_bia'),
  copyRequested: copyRequested(FIRST),
  copyRequestedOtherContract: copyRequested(SECOND),
  linkCopied: linkCopied(FIRST.last),
  linkCopiedOtherCoupon: linkCopied(SECOND.last),
  copyFailed: copyFailed(FIRST.last),
  launchSucceeded: launchSucceeded(FIRST.last),
  launchSucceededOtherCoupon: launchSucceeded(SECOND.last),
  launchFailed: launchFailed(FIRST.last, RAN_OUT),
};

/** The state with the second contract's copy started beside the first's. */
const withSecond = (state: PartnerState): PartnerState => ({
  ...state,
  copies: { ...state.copies, [SECOND.last]: secondCopying },
});
const bia = (copies: PartnerState['copies'] = {}): PartnerState => ({ name: 'buffet_bia', copies });

describeMachineGrid('the partner machine', partnerSlice, states, events, {
  // No partner shown yet: nothing to copy a coupon for.
  closed: { opened: states.idle, openedOtherPartner: bia() },
  idle: {
    openedOtherPartner: bia(),
    copyRequested: states.copying,
    copyRequestedOtherContract: withSecond(states.idle),
  },
  // A copy under way outlives the screen: the clipboard or the server decides it.
  copying: {
    openedOtherPartner: bia(states.copying.copies),
    copyRequestedOtherContract: withSecond(states.copying),
    linkCopied: states.launching,
    copyFailed: states.copyFailed,
  },
  launching: {
    openedOtherPartner: bia(states.launching.copies),
    copyRequestedOtherContract: withSecond(states.launching),
    launchSucceeded: states.launched,
    launchFailed: states.launchFailed,
  },
  // Registered: the reload shows the contract's next coupon; this one is not handed out twice.
  launched: { opened: states.idle, openedOtherPartner: bia(), copyRequestedOtherContract: withSecond(states.launched) },
  copyFailed: {
    opened: states.idle,
    openedOtherPartner: bia(),
    copyRequested: states.copying,
    copyRequestedOtherContract: withSecond(states.copyFailed),
  },
  launchFailed: {
    opened: states.idle,
    openedOtherPartner: bia(),
    copyRequested: states.copying,
    copyRequestedOtherContract: withSecond(states.launchFailed),
  },
});
