import {
  initialUltraSettingsState,
  sendFailed,
  sendRequested,
  sendSucceeded,
  songChosen,
  speedChosen,
  ultraSettingsSlice,
  type UltraSettingsState,
} from '../../../src/features/ultra/ultraSettingsSlice';
import { describeMachineGrid } from '../../support/machineGrid';

const chosen = { speed: 40, music: 'Eu_Fiz_um_Jet' };
const STALE = 'Este QR code já foi usado: escaneie o novo.';

const states: Record<UltraSettingsState['status'], UltraSettingsState> = {
  choosing: { status: 'choosing', ...chosen },
  sending: { status: 'sending', ...chosen },
  sent: { status: 'sent', ...chosen },
  failed: { status: 'failed', ...chosen, message: STALE },
};

const events = {
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
// 20, 40, 60 and 80 and songs not in the list are refused.
describeMachineGrid('the 360 settings machine', ultraSettingsSlice, states, events, {
  choosing: {
    speed60: { status: 'choosing', speed: 60, music: chosen.music },
    songVemTremer: { status: 'choosing', speed: chosen.speed, music: 'Vem_Tremer' },
    sendRequested: { status: 'sending', ...chosen },
  },
  sending: {
    sendSucceeded: { status: 'sent', ...chosen },
    sendFailed: { status: 'failed', ...chosen, message: 'Plataforma 360 não encontrada.' },
  },
  sent: {},
  // The message stays until the choice is sent again: changing the speed does not cure a stale QR code.
  failed: {
    speed60: { status: 'failed', speed: 60, music: chosen.music, message: STALE },
    songVemTremer: { status: 'failed', speed: chosen.speed, music: 'Vem_Tremer', message: STALE },
    sendRequested: { status: 'sending', ...chosen },
  },
});

it('starts at speed 20 with Escolinha do Professor', () => {
  expect(initialUltraSettingsState).toEqual({ status: 'choosing', speed: 20, music: 'Escolinha_do_Professor' });
});
