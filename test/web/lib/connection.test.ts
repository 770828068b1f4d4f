import { BACK_ONLINE_MESSAGE, bannerMessage, type ConnectionBanner, type ConnectionEvent, initialBanner, nextBanner, OFFLINE_MESSAGE } from '../../../src/lib/connection';

const after = (events: ConnectionEvent[], start: ConnectionBanner = 'none') => events.reduce(nextBanner, start);

describe('the connection banner', () => {
  it('says nothing while online, and at once when the page opens offline', () => {
    expect(bannerMessage(initialBanner(true))).toBeNull();
    expect(bannerMessage(initialBanner(false))).toBe(OFFLINE_MESSAGE);
  });

  it('says the connection is back only after it was gone, then hides', () => {
    expect(after(['online'])).toBe('none');
    expect(after(['offline', 'online'])).toBe('backOnline');
    expect(bannerMessage(after(['offline', 'online']))).toBe(BACK_ONLINE_MESSAGE);
    expect(after(['offline', 'online', 'backOnlineExpired'])).toBe('none');
  });

  it('a drop while the return is shown says offline again, and a late expiry does not hide it', () => {
    expect(after(['offline', 'online', 'offline'])).toBe('offline');
    expect(after(['offline', 'online', 'offline', 'backOnlineExpired'])).toBe('offline');
  });
});

describe('the connection banner, its whole grid (3 states x 3 events)', () => {
  // Per state, only the events that change it; every other pair must leave the state as it was.
  const changes: Record<ConnectionBanner, Partial<Record<ConnectionEvent, ConnectionBanner>>> = {
    none: { offline: 'offline' },
    offline: { online: 'backOnline' },
    backOnline: { offline: 'offline', backOnlineExpired: 'none' },
  };
  const states: ConnectionBanner[] = ['none', 'offline', 'backOnline'];
  const events: ConnectionEvent[] = ['offline', 'online', 'backOnlineExpired'];
  it.each(states.flatMap((state) => events.map((event) => [state, event] as const)))('%s + %s', (state, event) => {
    expect(nextBanner(state, event)).toBe(changes[state][event] ?? state);
  });
});
