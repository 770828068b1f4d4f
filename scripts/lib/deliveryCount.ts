/**
 * The pure part of `npm run bench:delivery` (tested in test/scripts/deliveryCount.test.ts): which photo each guest
 * received and when, against what each should have received; the delay from the booth's upload to each first
 * arrival, the duplicates and the lost; and the table the bench prints.
 */
import { formatTable } from './benchReport';

export type Channel = 'email' | 'whatsapp';

/** One message as a stand-in accepted it: to whom, the photos it carries (their media URLs), when. */
export interface Arrival {
  channel: Channel;
  /** The address as the guest gave it to the server (e-mail, or the WhatsApp number in E.164). */
  to: string;
  photos: readonly string[];
  /** The message's idempotency key as the transport carried it (a re-send of one message repeats it). */
  key: string | null;
  at: number;
}

/** A photo the booth uploaded that every guest of the run collected before: its media URL and when its upload began. */
export interface Round {
  photo: string;
  uploadedAt: number;
}

export interface Guest {
  channel: Channel;
  address: string;
}

export interface RunCount {
  /** Upload to first arrival, in ms, per channel. */
  delays: Record<Channel, number[]>;
  /**
   * Arrivals of a guest's photo past its first that the guest sees twice: another message with it, or a WhatsApp
   * message handed to the Cloud API again (it does not de-duplicate).
   */
  duplicates: number;
  /**
   * E-mails handed to the SMTP server again, the same message (its Message-ID, made from its key): counted apart,
   * not as duplicates, since a mailbox keeps one message per Message-ID. SMTP cannot say whether the mail of a
   * connection a kill cut was taken, so it is sent again rather than lost (docs/operations.md#photos-delivered).
   */
  sameMessageIdMails: number;
  /** A guest's photo that never arrived. */
  lost: number;
  /** Messages to no guest of the run, or carrying no photo of the run: counted apart, and a failure too. */
  strays: number;
  /** What the failures were, one line each (the first few). */
  details: string[];
}

const DETAILS = 10;

/** Counts a run's arrivals against its guests and rounds. */
export function countRun(guests: readonly Guest[], rounds: readonly Round[], arrivals: readonly Arrival[]): RunCount {
  const count: RunCount = {
    delays: { email: [], whatsapp: [] },
    duplicates: 0,
    sameMessageIdMails: 0,
    lost: 0,
    strays: 0,
    details: [],
  };
  const note = (line: string) => {
    if (count.details.length < DETAILS) count.details.push(line);
  };
  const guestOf = new Map(guests.map((guest) => [`${guest.channel} ${guest.address}`, guest]));
  const roundOf = new Map(rounds.map((round) => [round.photo, round]));
  /** `channel address photo` -> the keys of what brought it, in order of arrival, and when the first came. */
  const received = new Map<string, string[]>();
  const firstAt = new Map<string, number>();
  for (const arrival of [...arrivals].sort((a, b) => a.at - b.at)) {
    const guest = guestOf.get(`${arrival.channel} ${arrival.to}`);
    const ours = arrival.photos.filter((photo) => roundOf.has(photo));
    if (!guest || ours.length === 0) {
      count.strays += 1;
      note(`stray ${arrival.channel} message to ${arrival.to} with ${arrival.photos.join(', ') || 'no photo'}`);
      continue;
    }
    for (const photo of ours) {
      const slot = `${arrival.channel} ${arrival.to} ${photo}`;
      const keys = received.get(slot) ?? [];
      if (keys.length === 0) {
        count.delays[arrival.channel].push(arrival.at - (roundOf.get(photo)?.uploadedAt ?? arrival.at));
        firstAt.set(slot, arrival.at);
      } else {
        const repeat = arrival.key !== null && keys.includes(arrival.key);
        const after = ((arrival.at - (firstAt.get(slot) ?? arrival.at)) / 1000).toFixed(2);
        if (repeat && arrival.channel === 'email') {
          count.sameMessageIdMails += 1;
        } else {
          count.duplicates += 1;
          note(
            `duplicate: ${photo} to ${arrival.to} again ${after} s later${repeat ? ', the same message (key)' : ''}`,
          );
        }
      }
      keys.push(arrival.key ?? '');
      received.set(slot, keys);
    }
  }
  for (const guest of guests) {
    for (const round of rounds) {
      if (received.has(`${guest.channel} ${guest.address} ${round.photo}`)) continue;
      count.lost += 1;
      note(`lost: ${round.photo} never reached ${guest.address}`);
    }
  }
  return count;
}

/** The nearest-rank percentile; NaN of nothing. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The aim of issue's figures: every photo on the guest's phone within 5 s of the upload at p95. */
export const AIM_P95_MS = 5_000;

export interface RunRow {
  run: string;
  servers: number;
  guests: number;
  photos: number;
  count: RunCount;
  /** What the run did to a server, if anything ('-' otherwise). */
  killed: string;
}

const seconds = (ms: number) => (Number.isNaN(ms) ? '-' : (ms / 1000).toFixed(2));

/** One row per run and channel, then both channels together: p50, p95 and max in s, duplicates, lost. */
export function deliveryTable(rows: readonly RunRow[]): string {
  const cells: string[][] = [];
  for (const row of rows) {
    const all = [...row.count.delays.email, ...row.count.delays.whatsapp];
    const lines: Array<[string, number[]]> = [
      ['e-mail', row.count.delays.email],
      ['WhatsApp', row.count.delays.whatsapp],
      ['both', all],
    ];
    for (const [channel, delays] of lines) {
      const both = channel === 'both';
      const p95 = percentile(delays, 95);
      cells.push([
        row.run,
        String(row.servers),
        channel,
        String(delays.length),
        seconds(percentile(delays, 50)),
        seconds(p95),
        seconds(delays.length ? Math.max(...delays) : NaN),
        both ? String(row.count.duplicates) : '',
        both ? String(row.count.sameMessageIdMails) : '',
        both ? String(row.count.lost) : '',
        both ? String(row.count.strays) : '',
        both ? row.killed : '',
        p95 <= AIM_P95_MS ? 'met' : 'MISSED',
      ]);
    }
  }
  return formatTable(
    [
      { header: 'run' },
      { header: 'servers', align: 'right' },
      { header: 'channel' },
      { header: 'received', align: 'right' },
      { header: 'p50 s', align: 'right' },
      { header: 'p95 s', align: 'right' },
      { header: 'max s', align: 'right' },
      { header: 'duplicates', align: 'right' },
      { header: 'e-mails again, same Message-ID', align: 'right' },
      { header: 'lost', align: 'right' },
      { header: 'strays', align: 'right' },
      { header: 'SIGKILL' },
      { header: `p95 <= ${AIM_P95_MS / 1000} s` },
    ],
    cells,
  );
}
