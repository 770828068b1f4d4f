import {
  callFailed,
  customChosen,
  customSubmitted,
  imagePolled,
  initialMirrorState,
  mirrorOpened,
  mirrorSlice,
  modeAccepted,
  modeChosen,
  modesReopened,
  pollFailed,
  promptAccepted,
  promptText,
  scenarioChosen,
  scenarioConfirmed,
  scenarioDeclined,
  selectMirrorPollingInterval,
  sessionExpired,
  sessionStarted,
  startRequested,
  type MirrorState,
} from '../../../../src/features/mirror/mirrorSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

const session = { dh: 'espelho-1', sh: 'qr1', agent: 'ag1' };
const newQr = { dh: 'espelho-1', sh: 'qr2', agent: 'ag1' };
const image = '/media/loja/feed/espelho-1.jpg';
const expiredMessage = 'Este QR code expirou. Escaneie o novo código do espelho.';

const states = {
  idle: initialMirrorState,
  starting: { status: 'starting', session },
  notStarted: { status: 'notStarted', session, error: 'Sem conexão' },
  choosingMode: { status: 'choosingMode', session, error: null },
  settingMode: { status: 'settingMode', session, mode: 'Anime' },
  choosingScenario: { status: 'choosingScenario', session, mode: 'Anime', error: null },
  confirming: { status: 'confirming', session, mode: 'Anime', scenario: 'Escola de magia' },
  sendingScenario: { status: 'sendingScenario', session, mode: 'Anime', scenario: 'Escola de magia' },
  typingPrompt: { status: 'typingPrompt', session, draft: '', error: null },
  sendingCustomMode: { status: 'sendingCustom', session, prompt: 'um gato astronauta', step: 'mode' },
  sendingCustomPrompt: { status: 'sendingCustom', session, prompt: 'um gato astronauta', step: 'prompt' },
  waitingFirst: { status: 'waiting', session, tries: 0 },
  waitingLast: { status: 'waiting', session, tries: 5 },
  finished: { status: 'finished', session, image },
  timedOut: { status: 'timedOut', session },
  expired: { status: 'expired', session, error: expiredMessage },
} satisfies Record<string, MirrorState>;

const events = {
  mirrorOpened: mirrorOpened(session),
  mirrorOpenedNewQr: mirrorOpened(newQr),
  startRequested: startRequested(),
  sessionStarted: sessionStarted(),
  modeChosen: modeChosen('Anime'),
  customChosen: customChosen(),
  modesReopened: modesReopened(),
  modeAccepted: modeAccepted(),
  scenarioChosen: scenarioChosen('Escola de magia'),
  scenarioDeclined: scenarioDeclined(),
  scenarioConfirmed: scenarioConfirmed(),
  customSubmitted: customSubmitted('  um gato\nastronauta '),
  customSubmittedBlank: customSubmitted(' \n '),
  promptAccepted: promptAccepted(),
  callFailed: callFailed('Mágica desconhecida.'),
  sessionExpired: sessionExpired(expiredMessage),
  noImage: imagePolled('no_image'),
  emptyReply: imagePolled(''),
  imageArrived: imagePolled(image),
  pollFailed: pollFailed(),
};

const starting = states.starting;
const startingNewQr = { status: 'starting', session: newQr } as const;
const choosingMode = states.choosingMode;
const expired = states.expired;
const waitingSecond = { status: 'waiting', session, tries: 1 } as const;
const sendingCustom = { status: 'sendingCustom', session, prompt: 'um gato astronauta', step: 'mode' } as const;

describeMachineGrid(
  'the mirror machine',
  { reducer: mirrorSlice.reducer, actions: mirrorSlice.actions },
  states,
  events,
  {
    idle: { mirrorOpened: starting, mirrorOpenedNewQr: startingNewQr },
    starting: {
      mirrorOpenedNewQr: startingNewQr,
      sessionStarted: choosingMode,
      callFailed: { status: 'notStarted', session, error: 'Mágica desconhecida.' },
      sessionExpired: expired,
    },
    notStarted: { mirrorOpenedNewQr: startingNewQr, startRequested: starting },
    choosingMode: {
      mirrorOpenedNewQr: startingNewQr,
      modeChosen: states.settingMode,
      customChosen: states.typingPrompt,
    },
    settingMode: {
      mirrorOpenedNewQr: startingNewQr,
      modeAccepted: states.choosingScenario,
      callFailed: { status: 'choosingMode', session, error: 'Mágica desconhecida.' },
      sessionExpired: expired,
    },
    choosingScenario: {
      mirrorOpenedNewQr: startingNewQr,
      modesReopened: choosingMode,
      scenarioChosen: states.confirming,
    },
    confirming: {
      mirrorOpenedNewQr: startingNewQr,
      scenarioDeclined: states.choosingScenario,
      scenarioConfirmed: states.sendingScenario,
    },
    sendingScenario: {
      mirrorOpenedNewQr: startingNewQr,
      promptAccepted: states.waitingFirst,
      callFailed: { status: 'choosingScenario', session, mode: 'Anime', error: 'Mágica desconhecida.' },
      sessionExpired: expired,
    },
    typingPrompt: { mirrorOpenedNewQr: startingNewQr, modesReopened: choosingMode, customSubmitted: sendingCustom },
    sendingCustomMode: {
      mirrorOpenedNewQr: startingNewQr,
      modeAccepted: states.sendingCustomPrompt,
      callFailed: { status: 'typingPrompt', session, draft: 'um gato astronauta', error: 'Mágica desconhecida.' },
      sessionExpired: expired,
    },
    sendingCustomPrompt: {
      mirrorOpenedNewQr: startingNewQr,
      promptAccepted: states.waitingFirst,
      callFailed: { status: 'typingPrompt', session, draft: 'um gato astronauta', error: 'Mágica desconhecida.' },
      sessionExpired: expired,
    },
    waitingFirst: {
      mirrorOpenedNewQr: startingNewQr,
      noImage: waitingSecond,
      emptyReply: waitingSecond,
      imageArrived: states.finished,
      pollFailed: waitingSecond,
    },
    waitingLast: {
      mirrorOpenedNewQr: startingNewQr,
      noImage: states.timedOut,
      emptyReply: states.timedOut,
      imageArrived: states.finished,
      pollFailed: states.timedOut,
    },
    finished: { mirrorOpenedNewQr: startingNewQr },
    timedOut: { mirrorOpenedNewQr: startingNewQr, startRequested: starting },
    expired: { mirrorOpenedNewQr: startingNewQr },
  },
);

describe('the mirror machine over a whole wait', () => {
  it('times out on the 6th no_image, not before', () => {
    let state: MirrorState = states.waitingFirst;
    for (let i = 1; i <= 5; i += 1) {
      state = mirrorSlice.reducer(state, imagePolled('no_image'));
      expect(state).toEqual({ status: 'waiting', session, tries: i });
    }
    expect(mirrorSlice.reducer(state, imagePolled('no_image'))).toEqual(states.timedOut);
  });

  it('polls every 5 s while waiting and never otherwise', () => {
    const intervals = Object.entries(states).map(([name, state]) => [
      name,
      selectMirrorPollingInterval({ mirror: state } as never),
    ]);
    expect(intervals.filter(([, ms]) => ms !== 0)).toEqual([
      ['waitingFirst', 5_000],
      ['waitingLast', 5_000],
    ]);
  });

  it('sends a prompt as one trimmed line of at most 500 characters', () => {
    expect(promptText('  um gato\n\tastronauta  ')).toBe('um gato astronauta');
    expect(promptText('a'.repeat(600))).toHaveLength(500);
  });
});
