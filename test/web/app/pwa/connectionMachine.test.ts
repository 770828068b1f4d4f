import {
  backOnlineExpired,
  connectionChecked,
  connectionSlice,
  wentOffline,
  wentOnline,
  type ConnectionState,
} from '../../../../src/app/pwa/connectionSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

const states: Record<ConnectionState['status'], ConnectionState> = {
  none: { status: 'none' },
  offline: { status: 'offline' },
  backOnline: { status: 'backOnline' },
};

const events = {
  checkedOnline: connectionChecked(true),
  checkedOffline: connectionChecked(false),
  offline: wentOffline(),
  online: wentOnline(),
  backOnlineExpired: backOnlineExpired(),
};

const offline = { status: 'offline' } as const;

// Per state, only the events that change it: a page opened offline says so at once, the return is
// news only after a drop, a drop while the return shows says offline again, and a late expiry
// hides nothing but the return.
describeMachineGrid('the connection banner (3 states x 5 events)', connectionSlice, states, events, {
  none: { checkedOffline: offline, offline },
  offline: { online: { status: 'backOnline' } },
  backOnline: { checkedOffline: offline, offline, backOnlineExpired: { status: 'none' } },
});
