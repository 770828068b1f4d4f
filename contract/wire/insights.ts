/**
 * Wire contract: 'A festa em números', an event's night in figures for its owner and the team, and the beacon a
 * guest's phone sends when it shares a photo (docs/api.md#the-party-in-numbers).
 */
import { type Static, Type } from '@sinclair/typebox';
import { MediaModeSchema } from './common';
import { DeliveryFigures } from './delivery';

const Count = Type.Integer({ minimum: 0 });

/** `GET /events/{bname}/numeros`: the figures, as they stand now. */
export const EventNumbersReply = Type.Object({
  bname: Type.String(),
  /** Booth media taken (photos, GIFs, videos), in all and per booth device. */
  taken: Count,
  booths: Type.Array(
    Type.Object({
      mode: MediaModeSchema,
      /** The device that uploaded them; null for media a seed or the team stored. */
      device: Type.Union([Type.String(), Type.Null()]),
      taken: Count,
    }),
  ),
  /** Photos collected (once per visitor and photo), shared (likewise), 'Baixar todas' downloads. */
  collected: Count,
  shared: Count,
  downloaded: Count,
  /** Copies printed (print jobs: copies used of the event's packs), and those left in its packs. */
  printed: Count,
  copiesLeft: Count,
  faceSearches: Count,
  /** Screens (or phones) that opened the event's wall. */
  wallViews: Count,
  /**
   * The night hour by hour, in Brazil's time (`hour`: `2026-09-20T21:00`), from the first hour anything happened to
   * the last (the last 48 at most): media taken and photos collected in each.
   */
  hours: Type.Array(Type.Object({ hour: Type.String(), taken: Count, collected: Count })),
  /** The most collected photos, most first (their media URLs). */
  top: Type.Array(Type.Object({ url: Type.String(), collected: Count })),
  /** The photos delivered by WhatsApp or e-mail (docs/product.md#photos-delivered); absent where it was never on. */
  delivery: Type.Optional(DeliveryFigures),
});
export type EventNumbersReply = Static<typeof EventNumbersReply>;

/** `POST /compartilhado`: a guest's phone shared this photo (its media URL). */
export const ShareBeacon = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
export type ShareBeacon = Static<typeof ShareBeacon>;
