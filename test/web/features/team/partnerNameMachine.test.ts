import type { PartnerNameReply } from '../../../../contract/wire';
import {
  authorizeFailed,
  authorizeRequested,
  checkFailed,
  linkGenerated,
  nameChecked,
  nameTyped,
  partnerNameOpened,
  partnerNameSlice,
  retryRequested,
  typingPaused,
  type PartnerNameState,
} from '../../../../src/features/team/partnerNameSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

const HASH = 'lq2x3abc0123456789abcdefghijklmno';
const LINK = `http://localhost/invitation?hash=${HASH}&partnerName=parceiro`;
const name = 'parceiro';

const states: Record<PartnerNameState['status'], PartnerNameState> = {
  empty: { status: 'empty', name: '' },
  short: { status: 'short', name: 'pa' },
  waiting: { status: 'waiting', name },
  checking: { status: 'checking', name },
  taken: { status: 'taken', name },
  wrong: { status: 'wrong', name },
  owned: { status: 'owned', name },
  available: { status: 'available', name },
  failed: { status: 'failed', name },
  authorizing: { status: 'authorizing', name, verdict: 'available' },
  linkReady: { status: 'linkReady', name, hash: HASH, link: LINK },
  authorizeFailed: { status: 'authorizeFailed', name, verdict: 'owned' },
};

const events = {
  opened: partnerNameOpened(),
  typedEmpty: nameTyped(''),
  typedShort: nameTyped('pa'),
  typedLong: nameTyped('parceiro_2'),
  paused: typingPaused(name),
  pausedForOlderName: typingPaused('parc'),
  answeredTaken: nameChecked(name, 'taken'),
  answeredWrong: nameChecked(name, 'wrong'),
  answeredOwned: nameChecked(name, 'owned'),
  answeredAvailable: nameChecked(name, 'available'),
  answeredNonsense: nameChecked(name, '<html>' as PartnerNameReply),
  answeredForOlderName: nameChecked('parc', 'available'),
  checkFailed: checkFailed(name),
  checkFailedForOlderName: checkFailed('parc'),
  retryRequested: retryRequested(),
  authorizeRequested: authorizeRequested(),
  linkGenerated: linkGenerated({ hash: HASH, link: LINK }),
  authorizeFailed: authorizeFailed(),
};

const typing = {
  opened: { status: 'empty', name: '' },
  typedEmpty: { status: 'empty', name: '' },
  typedShort: { status: 'short', name: 'pa' },
  typedLong: { status: 'waiting', name: 'parceiro_2' },
} as const;

// Per state, the events that move it; every other event leaves it as it is.
describeMachineGrid('the partner-name machine', partnerNameSlice, states, events, {
  empty: { ...typing },
  short: { ...typing },
  waiting: { ...typing, paused: { status: 'checking', name } },
  checking: {
    ...typing,
    answeredTaken: { status: 'taken', name },
    answeredWrong: { status: 'wrong', name },
    answeredOwned: { status: 'owned', name },
    answeredAvailable: { status: 'available', name },
    answeredNonsense: { status: 'failed', name },
    checkFailed: { status: 'failed', name },
  },
  taken: { ...typing },
  wrong: { ...typing },
  owned: { ...typing, authorizeRequested: { status: 'authorizing', name, verdict: 'owned' } },
  available: { ...typing, authorizeRequested: { status: 'authorizing', name, verdict: 'available' } },
  failed: { ...typing, retryRequested: { status: 'checking', name } },
  // The name cannot change while its hash is being registered, and the call decides.
  authorizing: {
    linkGenerated: { status: 'linkReady', name, hash: HASH, link: LINK },
    authorizeFailed: { status: 'authorizeFailed', name, verdict: 'available' },
  },
  linkReady: { ...typing },
  authorizeFailed: { ...typing, authorizeRequested: { status: 'authorizing', name, verdict: 'owned' } },
});
