import {
  DEFAULT_ULTRA_CHOICE,
  initialUltraSettingsState,
  sendFailed,
  sendRequested,
  sendSucceeded,
  songChosen,
  speedChosen,
  ultraSettingsOpened,
  ultraSettingsSlice,
  type UltraSettingsState,
} from '../../../../src/features/ultra/ultraSettingsSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

const link = { device: 'plataforma-360', qrid: 'qr1', eventName: 'festa_ana' };
const nextQr = { ...link, qrid: 'qr2' };
const chosen = { link, speed: 40, music: 'Eu_Fiz_um_Jet' };
const fresh = { status: 'choosing', link, ...DEFAULT_ULTRA_CHOICE } as const;
const freshNextQr = { status: 'choosing', link: nextQr, ...DEFAULT_ULTRA_CHOICE } as const;
const STALE = 'Este QR code já foi usado: escaneie o novo.';

const states: Record<UltraSettingsState['status'], UltraSettingsState> = {
  idle: initialUltraSettingsState,
  choosing: { status: 'choosing', ...chosen },
  sending: { status: 'sending', ...chosen },
  sent: { status: 'sent', ...chosen },
  failed: { status: 'failed', ...chosen, message: STALE },
};

const events = {
  opened: ultraSettingsOpened(link),
  openedNextQr: ultraSettingsOpened(nextQr),
  speed60: speedChosen(60),
  speed30: speedChosen(30),
  speed100: speedChosen(100),
  songVemTremer: songChosen('Vem_Tremer'),
  songUnknown: songChosen('Macarena'),
  sendRequested: sendRequested(),
  sendSucceeded: sendSucceeded(),
  sendFailed: sendFailed('Plataforma 360 não encontrada.'),
};

// Per state, the events that move it; every other event leaves it as it is. Speeds other than
// 20, 40, 60 and 80 and songs not in the list are refused. The same QR code opened again goes on
// where it was (until it was used); another one starts from the defaults.
describeMachineGrid('the 360 settings machine', ultraSettingsSlice, states, events, {
  idle: { opened: fresh, openedNextQr: freshNextQr },
  choosing: {
    openedNextQr: freshNextQr,
    speed60: { status: 'choosing', link, speed: 60, music: chosen.music },
    songVemTremer: { status: 'choosing', link, speed: chosen.speed, music: 'Vem_Tremer' },
    sendRequested: { status: 'sending', ...chosen },
  },
  sending: {
    openedNextQr: freshNextQr,
    sendSucceeded: { status: 'sent', ...chosen },
    sendFailed: { status: 'failed', ...chosen, message: 'Plataforma 360 não encontrada.' },
  },
  sent: { opened: fresh, openedNextQr: freshNextQr },
  // The message stays until the choice is sent again: changing the speed does not cure a stale QR code.
  failed: {
    openedNextQr: freshNextQr,
    speed60: { status: 'failed', link, speed: 60, music: chosen.music, message: STALE },
    songVemTremer: { status: 'failed', link, speed: chosen.speed, music: 'Vem_Tremer', message: STALE },
    sendRequested: { status: 'sending', ...chosen },
  },
});

it('starts at speed 20 with Escolinha do Professor', () => {
  expect(ultraSettingsSlice.reducer(initialUltraSettingsState, ultraSettingsOpened(link))).toEqual({
    status: 'choosing',
    link,
    speed: 20,
    music: 'Escolinha_do_Professor',
  });
});
