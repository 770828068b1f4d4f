import type { ChangeFeed } from '../../server/src/platform/db/changeFeed';
import type { Database } from '../../server/src/platform/db/database';
import {
  createAccessService,
  type AccessService,
  type FilesViewer,
} from '../../server/src/modules/access/accessService';
import type { GuardedEventRow } from '../../server/src/modules/access/eventAccess';

/**
 * The access service alone (domain/accessService.ts), over a database the test plays: who may see
 * an event and its files, decided in one place, and what it keeps in memory. The HTTP side of the
 * same rule is test/server/accessMatrix.test.ts.
 */
const AGENT = 'agenteconvidado1';
const OTHER_AGENT = 'agenteestranho01';

function fakeFeed() {
  const listeners = new Set<(key: string) => void>();
  const feed: ChangeFeed = {
    live: true,
    ready: Promise.resolve(),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => undefined,
  };
  return { feed, notify: (key: string) => listeners.forEach((listener) => listener(key)) };
}

/** The rows the service reads, and every statement it runs. */
function fakeDatabase() {
  const events = new Map<string, GuardedEventRow>();
  const grants = new Set<string>();
  const secrets = new Set<string>();
  const statements: string[] = [];
  const result = (rows: unknown[]) => ({ rows, rowCount: rows.length, command: '', oid: 0, fields: [] });
  const query = async (text: string, values: unknown[] = []) => {
    statements.push(text);
    if (text.startsWith('SELECT visibility')) {
      const event = events.get(values[0] as string);
      return result(event ? [event] : []);
    }
    if (text.includes('SELECT g.holder')) {
      const holders = values[1] as string[];
      return result(holders.filter((holder) => grants.has(`${values[0]} ${holder}`)).map((holder) => ({ holder })));
    }
    if (text.includes('WITH secret AS')) {
      const found = secrets.has(`${values[0]}/${values[1]}/${values[2]}`);
      if (found) for (const holder of values[3] as string[]) grants.add(`${values[0]} ${holder}`);
      return result([{ secrets: found ? 1 : 0 }]);
    }
    if (text.includes('INSERT INTO event_grants')) return result([]);
    throw new Error(`unexpected statement: ${text}`);
  };
  const db = {
    query,
    onWrite: () => () => undefined,
  } as unknown as Database;
  const count = (fragment: string) => statements.filter((text) => text.includes(fragment)).length;
  return { db, events, grants, secrets, count };
}

const event = (visibility: GuardedEventRow['visibility'], more: Partial<GuardedEventRow> = {}): GuardedEventRow => ({
  visibility,
  owner_uid: 'dona',
  suspended_at: null,
  wall_key: null,
  ...more,
});

const viewer = (more: Partial<FilesViewer> & { team?: boolean } = {}): FilesViewer => ({
  uid: null,
  agent: null,
  isTeam: async () => more.team === true,
  wallScreen: () => null,
  ...more,
});

let data: ReturnType<typeof fakeDatabase>;
let feed: ReturnType<typeof fakeFeed>;
let access: AccessService;

beforeEach(() => {
  data = fakeDatabase();
  feed = fakeFeed();
  access = createAccessService(data.db, feed.feed);
});

afterEach(() => access.close());

describe('the access service', () => {
  it(`opens a public event that is not suspended to anyone, without asking who they are or reading a \
grant`, async () => {
    data.events.set('festa', event('public'));
    const isTeam = jest.fn(async () => true);
    expect(await access.openToAll('festa')).toBe(true);
    expect(await access.opening('festa', { uid: null, agent: null, isTeam })).toBe('open');
    expect(await access.filesOpening('festa', viewer({ isTeam }))).toBe('public');
    expect(isTeam).not.toHaveBeenCalled();
    expect(data.count('SELECT g.holder')).toBe(0);
  });

  it(`keeps a suspended event (its order refunded) for the team alone, even a public one, its wall link \
too`, async () => {
    data.events.set('festa', event('public', { suspended_at: new Date(), wall_key: 'chave' }));
    expect(await access.openToAll('festa')).toBe(false);
    expect(await access.filesOpening('festa', viewer())).toBe('unknown');
    expect(await access.filesOpening('festa', viewer({ uid: 'dona' }))).toBe('unknown');
    expect(await access.filesOpening('festa', viewer({ uid: 'equipe', team: true }))).toBe('gated');
    expect(await access.filesOpening('festa', viewer({ wallScreen: () => 'opens' }), { byWall: true })).toBe('unknown');
  });

  it('opens a link-only event to its owner and to whoever holds a grant, and hides it from anyone else', async () => {
    data.events.set('ligada', event('link'));
    data.grants.add(`ligada agent:${AGENT}`);
    expect(await access.opening('ligada', viewer({ uid: 'dona' }))).toBe('open');
    expect(await access.filesOpening('ligada', viewer({ agent: AGENT }))).toBe('gated');
    expect(await access.filesOpening('ligada', viewer({ agent: OTHER_AGENT }))).toBe('unknown');
    expect(await access.opening('nenhum', viewer())).toBe('unknown');
    expect(await access.filesOpening('nenhum', viewer())).toBe('unknown');
  });

  it(`asks a guest of a private event to sign in, and copies their agent's grant to their account once they \
do`, async () => {
    data.events.set('privada', event('private'));
    data.grants.add(`privada agent:${AGENT}`);
    expect(await access.filesOpening('privada', viewer({ agent: AGENT }))).toBe('refused');
    expect(await access.opening('privada', viewer({ agent: AGENT, uid: 'convidada' }))).toBe('open');
    expect(data.count("SELECT $1, $3, 'account'")).toBe(1);
  });

  it(`lets a wall's screen see the files one by one while its link stands, and never grants it by a file's \
name`, async () => {
    data.events.set('ligada', event('link', { wall_key: 'chave' }));
    data.secrets.add('ligada/pad/segredo.jpg');
    const file = { eventName: 'ligada', mode: 'pad' as const, file: 'segredo.jpg' };
    const screen = viewer({ agent: AGENT, wallScreen: (key) => (key === 'chave' ? 'opens' : 'stale') });
    expect(await access.filesOpening('ligada', screen, { byWall: true, byCollectLink: file })).toBe('gated');
    // A ZIP of the gallery is no screen's.
    expect(await access.filesOpening('ligada', screen)).toBe('unknown');
    const stale = viewer({ agent: AGENT, wallScreen: () => 'stale' });
    expect(await access.filesOpening('ligada', stale, { byWall: true, byCollectLink: file })).toBe('unknown');
    expect(data.count('WITH secret AS')).toBe(0);
  });

  it(`grants the event to whoever opens a file by its collect link's secret, and to nobody for another \
name`, async () => {
    data.events.set('ligada', event('link'));
    data.secrets.add('ligada/pad/segredo.jpg');
    const guest = viewer({ agent: AGENT });
    const wrong = { eventName: 'ligada', mode: 'pad' as const, file: 'outro.jpg' };
    expect(await access.filesOpening('ligada', guest, { byCollectLink: wrong })).toBe('unknown');
    const secret = { eventName: 'ligada', mode: 'pad' as const, file: 'segredo.jpg' };
    expect(await access.filesOpening('ligada', guest, { byCollectLink: secret })).toBe('gated');
    expect(data.grants.has(`ligada agent:${AGENT}`)).toBe(true);
  });

  it(`keeps what it read until the change feed says it changed, and reads many viewers’ grants in one \
query`, async () => {
    data.events.set('ligada', event('link'));
    const guest = viewer({ agent: AGENT });
    expect(await access.opening('ligada', guest)).toBe('hidden');
    data.grants.add(`ligada agent:${AGENT}`);
    expect(await access.opening('ligada', guest)).toBe('hidden');
    expect(data.count('SELECT visibility')).toBe(1);
    expect(data.count('SELECT g.holder')).toBe(1);
    feed.notify('grant:ligada');
    expect(await access.opening('ligada', guest)).toBe('open');

    const many = [viewer({ agent: 'agentenovo000001' }), viewer({ agent: 'agentenovo000002' }), guest];
    const before = data.count('SELECT g.holder');
    expect(await access.openingsOf('ligada', event('link'), many)).toEqual(['hidden', 'hidden', 'open']);
    expect(data.count('SELECT g.holder')).toBe(before + 1);
  });
});
