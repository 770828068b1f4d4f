import {
  countRun,
  deliveryTable,
  percentile,
  type Arrival,
  type Guest,
  type Round,
} from '../../scripts/lib/deliveryCount';
import { photoOfPageLink } from '../../scripts/lib/deliveryInbox';

const guests: Guest[] = [
  { channel: 'email', address: 'ana@exemplo.com' },
  { channel: 'whatsapp', address: '+5511980000001' },
];
const rounds: Round[] = [
  { photo: '/media/festa_ana/pad/a.jpg', uploadedAt: 1_000 },
  { photo: '/media/festa_ana/pad/b.jpg', uploadedAt: 10_000 },
];

const arrival = (to: string, photo: string, at: number, key: string | null = `${to} ${photo}`): Arrival => ({
  channel: to.startsWith('+') ? 'whatsapp' : 'email',
  to,
  photos: [photo],
  key,
  at,
});

const everyone = (): Arrival[] => [
  arrival('ana@exemplo.com', rounds[0].photo, 2_500),
  arrival('+5511980000001', rounds[0].photo, 3_000),
  arrival('ana@exemplo.com', rounds[1].photo, 11_200),
  arrival('+5511980000001', rounds[1].photo, 12_000),
];

describe('bench:delivery: what each guest received', () => {
  it('times each first arrival from its photo’s upload, per channel, with nothing lost or repeated', () => {
    const count = countRun(guests, rounds, everyone());
    expect(count.delays).toEqual({ email: [1_500, 1_200], whatsapp: [2_000, 2_000] });
    expect(count).toMatchObject({ duplicates: 0, sameMessageIdMails: 0, lost: 0, strays: 0, details: [] });
  });

  it('counts a photo a guest never got as lost', () => {
    const count = countRun(guests, rounds, everyone().slice(0, 3));
    expect(count.lost).toBe(1);
    expect(count.details).toEqual(['lost: /media/festa_ana/pad/b.jpg never reached +5511980000001']);
  });

  it('counts a photo received twice as a duplicate, a WhatsApp message sent again too, and times the first', () => {
    const count = countRun(guests, rounds, [
      ...everyone(),
      arrival('+5511980000001', rounds[0].photo, 4_000),
      arrival('ana@exemplo.com', rounds[0].photo, 5_000, 'another message'),
    ]);
    expect(count).toMatchObject({ duplicates: 2, sameMessageIdMails: 0, lost: 0 });
    expect(count.delays.whatsapp).toEqual([2_000, 2_000]);
    expect(count.details).toEqual([
      'duplicate: /media/festa_ana/pad/a.jpg to +5511980000001 again 1.00 s later, the same message (key)',
      'duplicate: /media/festa_ana/pad/a.jpg to ana@exemplo.com again 2.50 s later',
    ]);
  });

  it('counts an e-mail sent again with its Message-ID apart: a mailbox keeps one', () => {
    const count = countRun(guests, rounds, [...everyone(), arrival('ana@exemplo.com', rounds[0].photo, 4_000)]);
    expect(count).toMatchObject({ duplicates: 0, sameMessageIdMails: 1, lost: 0, details: [] });
  });

  it('counts a message to no guest of the run, or of no photo of the run, as a stray', () => {
    const count = countRun(guests, rounds, [
      ...everyone(),
      arrival('bia@exemplo.com', rounds[0].photo, 2_000),
      arrival('ana@exemplo.com', '/media/festa_ana/pad/other.jpg', 2_000),
      { ...arrival('ana@exemplo.com', rounds[0].photo, 2_000), channel: 'whatsapp' },
    ]);
    expect(count).toMatchObject({ strays: 3, duplicates: 0, lost: 0 });
  });

  it('reads the photo a message’s gallery link opens', () => {
    expect(photoOfPageLink('http://127.0.0.1:3000/collect?id=%2Fmedia%2Ffesta_ana%2Fpad%2Fa.jpg')).toBe(
      '/media/festa_ana/pad/a.jpg',
    );
    expect(photoOfPageLink('http://127.0.0.1:3000/b/festa_ana/pad')).toBeNull();
    expect(photoOfPageLink('not a link')).toBeNull();
  });
});

describe('bench:delivery: its figures', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });

  it('prints a row per channel and one for both, judged against the aim', () => {
    const count = countRun(guests, rounds, [...everyone(), arrival('ana@exemplo.com', rounds[1].photo, 20_000, 'x')]);
    const table = deliveryTable([{ run: 'one server', servers: 1, guests: 2, photos: 2, count, killed: '-' }]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^run\s+servers\s+channel\s+received\s+p50 s\s+p95 s\s+max s\s+duplicates\s+/);
    expect(lines[0]).toMatch(/\s+duplicates\s+e-mails again, same Message-ID\s+lost\s+strays\s+SIGKILL/);
    expect(lines.slice(2).map((line) => line.split(/\s{2,}/))).toEqual([
      ['one server', '1', 'e-mail', '2', '1.20', '1.50', '1.50', 'met'],
      ['one server', '1', 'WhatsApp', '2', '2.00', '2.00', '2.00', 'met'],
      ['one server', '1', 'both', '4', '1.50', '2.00', '2.00', '1', '0', '0', '0', '-', 'met'],
    ]);
  });
});
