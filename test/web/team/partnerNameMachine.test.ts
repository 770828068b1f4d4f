import type { PartnerNameReply } from '../../../contract/wire';
import {
  authorizeFailed,
  authorizeRequested,
  checkFailed,
  linkGenerated,
  nameChecked,
  nameTyped,
  partnerNameSlice,
  retryRequested,
  typingPaused,
  type PartnerNameState,
} from '../../../src/features/team/partnerNameSlice';
import { describeMachineGrid } from '../../support/machineGrid';

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
  authorizing: { status: 'authorizing', name, verdict: 'available', hash: HASH },
  linkReady: { status: 'linkReady', name, hash: HASH, link: LINK },
  authorizeFailed: { status: 'authorizeFailed', name, verdict: 'owned' },
};

const events = {
  typedEmpty: nameTyped(''),
  typedShort: nameTyped('pa'),
  typedLong: nameTyped('parceiro_2'),
  paused: typingPaused(name),
  pausedForOlderName: typingPaused('parc'),
  answeredTaken: nameChecked({ name, answer: 'taken' }),
  answeredWrong: nameChecked({ name, answer: 'wrong' }),
  answeredOwned: nameChecked({ name, answer: 'owned' }),
  answeredAvailable: nameChecked({ name, answer: 'available' }),
  answeredNonsense: nameChecked({ name, answer: '<html>' as PartnerNameReply }),
  answeredForOlderName: nameChecked({ name: 'parc', answer: 'available' }),
  checkFailed: checkFailed(name),
  checkFailedForOlderName: checkFailed('parc'),
  retryRequested: retryRequested(),
  authorizeRequested: authorizeRequested(HASH),
  linkGenerated: linkGenerated(LINK),
  authorizeFailed: authorizeFailed(),
};

const typing = {
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
  owned: { ...typing, authorizeRequested: { status: 'authorizing', name, verdict: 'owned', hash: HASH } },
  available: { ...typing, authorizeRequested: { status: 'authorizing', name, verdict: 'available', hash: HASH } },
  failed: { ...typing, retryRequested: { status: 'checking', name } },
  // The name cannot change while its hash is being registered.
  authorizing: {
    linkGenerated: { status: 'linkReady', name, hash: HASH, link: LINK },
    authorizeFailed: { status: 'authorizeFailed', name, verdict: 'available' },
  },
  linkReady: { ...typing },
  authorizeFailed: { ...typing, authorizeRequested: { status: 'authorizing', name, verdict: 'owned', hash: HASH } },
});
