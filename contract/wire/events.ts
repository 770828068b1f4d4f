/** Wire contract: Events, galleries, packs and prints, as guests reach them. */
import { type Static, Type } from '@sinclair/typebox';
import { ProductList } from './common';
import { EVENT_TITLE_MAX_LENGTH } from '../eventTitle';
import { Filled, StringEnum, Strings } from './primitives';

/** `GET /evento/{id}` */
export const EventDetails = Type.Object({
  devices: Strings,
  bname: Type.String(),
  /** What people read ('Festa da Ana'); bname when the event has no title. */
  displayTitle: Type.Optional(Type.String()),
  /** Beyond the spec: its owner turned face search on; absent when off. */
  faceSearch: Type.Optional(Type.Literal(true)),
});
export type EventDetails = Static<typeof EventDetails>;

/**
 * `GET /deviceLast/{bname}/{device}`: the original `{ product }` (the device's newest media, zero or one
 * URL) and, beyond the spec, what people read of the booth and of its event, so the screen that
 * waits for the photo never shows ids. Optional: a server of the spec alone sends `product` only.
 */
export const DeviceLastReply = Type.Object({
  product: Strings,
  /** 'Cabine Pad', 'Plataforma 360'. */
  boothTitle: Type.Optional(Type.String()),
  /** 'Festa da Ana'; the event's name when it has no title. */
  eventTitle: Type.Optional(Type.String()),
});
export type DeviceLastReply = Static<typeof DeviceLastReply>;

/**
 * Who sees an event's media. public: listed, and every gallery and file open to anyone.
 * link: each media file opens for whoever has its link (its name is random, unguessable); the
 * event's galleries, its card and its booths' last photos need a login. private: all of it needs
 * a login. One rule for `/all`, `/deviceLast`, `/ultraLast`, `/eventos`, `/media` and `/thumbs`.
 */
const EVENT_VISIBILITIES = ['public', 'link', 'private'] as const;
export const EventVisibilitySchema = StringEnum(EVENT_VISIBILITIES);
export type EventVisibility = Static<typeof EventVisibilitySchema>;

/** One card of `GET /eventos/{events}/{agent}`. */
export const EventCard = Type.Object({
  /** The event's name (its key; the original API's `title`). */
  title: Type.String(),
  /** What people read ('Festa da Ana'); the name when the event has no title. */
  displayTitle: Type.Optional(Type.String()),
  visible: Type.Boolean(),
  /** Who sees it: `visible` is true for 'public' only, as the original card says. */
  visibility: Type.Optional(EventVisibilitySchema),
  profile: Type.String(),
  cover: Type.String(),
  photos: Type.Integer(),
  devices: Strings,
  /** Beyond the spec: its owner turned face search on; absent when off. */
  faceSearch: Type.Optional(Type.Literal(true)),
});
export type EventCard = Static<typeof EventCard>;

/** `GET /validatePacks/{hashes}`: one single-quoted object literal per known pack. */
export const PackLiterals = Strings;

/** What a printer says of itself (`POST /device/printer/state`). */
export const PRINTER_STATES = ['ready', 'out_of_paper', 'out_of_ink', 'jammed'] as const;
export const PrinterStateSchema = StringEnum(PRINTER_STATES);
export type PrinterState = Static<typeof PrinterStateSchema>;
/** A printer as guests and the team see it: its own state, or offline when it has not been heard from for a minute. */
export const PrinterSeenSchema = StringEnum([...PRINTER_STATES, 'offline'] as const);
export type PrinterSeen = Static<typeof PrinterSeenSchema>;

/**
 * `GET /print/{packHash}/{printId}` on success, and beyond the spec how the queue
 * stands at once, as `printStatus` says it: the printers' state while they are down, and the
 * prints before this one. The guest's first words after the tap are then true.
 */
export const PrintReply = Type.Object({
  status: Type.Literal('queued'),
  copies: Type.Integer(),
  printer: Type.Optional(PrinterSeenSchema),
  ahead: Type.Optional(Type.Integer()),
});
export type PrintReply = Static<typeof PrintReply>;

/** Where a print job stands, as its printer reports it. */
const PrintJobStatusSchema = StringEnum(['queued', 'printing', 'printed', 'failed'] as const);
export type PrintJobStatus = Static<typeof PrintJobStatusSchema>;

/**
 * `GET /printStatus/{packHash}/{requestId}` (beyond the spec): the job of one print request and its
 * pack's copies left; while it waits in the queue for a printer that is down, how it is.
 */
export const PrintStatusReply = Type.Object({
  status: PrintJobStatusSchema,
  copies: Type.Integer(),
  printer: Type.Optional(PrinterSeenSchema),
  /** In the queue, the event's prints that go first (those queued before it and those printing); absent when none. */
  ahead: Type.Optional(Type.Integer()),
});
export type PrintStatusReply = Static<typeof PrintStatusReply>;

/** `PUT /events/{bname}/visibility`: the event owner's (or the team's) choice. */
export const VisibilityChange = Type.Object({ visibility: EventVisibilitySchema }, { additionalProperties: false });
export type VisibilityChange = Static<typeof VisibilityChange>;
export const VisibilityReply = Type.Object({ bname: Type.String(), visibility: EventVisibilitySchema });
export type VisibilityReply = Static<typeof VisibilityReply>;

/** An event's title as its owner types it ('Aniversário da Convidada'); stored cleaned (contract/eventTitle.ts). */
export const EventTitleSchema = Filled(EVENT_TITLE_MAX_LENGTH);

/** `PUT /events/{bname}/title` (beyond the spec): the owner's (or the team's) new title. */
export const TitleChange = Type.Object({ title: EventTitleSchema }, { additionalProperties: false });
export type TitleChange = Static<typeof TitleChange>;
/** The title as stored. */
export const TitleReply = Type.Object({ bname: Type.String(), title: Type.String() });
export type TitleReply = Static<typeof TitleReply>;

/**
 * `GET /events/{bname}/access` (beyond the spec): who may see a link-only or private
 * event besides its owner and the team, as counts, never identities: the visitors' browsers
 * (agents) and the accounts granted it by their presence.
 */
export const EventAccessReply = Type.Object({ agents: Type.Integer(), accounts: Type.Integer() });
export type EventAccessReply = Static<typeof EventAccessReply>;
/** `POST /events/{bname}/access/revoke`: every guest's access is gone; the event's new link id. */
export const AccessRevokedReply = Type.Object({ publicId: Type.String() });
export type AccessRevokedReply = Static<typeof AccessRevokedReply>;

/** `POST /media-session`: until when the media cookie lets private media through (epoch ms). */
export const MediaSessionReply = Type.Object({ expiresAt: Type.Integer() });
export type MediaSessionReply = Static<typeof MediaSessionReply>;

/** `GET /agentResults/{agent}` (beyond the spec): what the mirror and the 360 made for the visitor, oldest first. */
export const AgentResultsReply = ProductList;
export type AgentResultsReply = Static<typeof AgentResultsReply>;

/**
 * The wall code of each medium listed whose own collect link would not open its event (a
 * link-only or private event's photo stored before its guests' access was last revoked, or under
 * a name anyone could guess): its QR code carries `&telao={code}` (server/src/modules/wall/wallCodes.ts).
 */
const WallCodes = Type.Record(Type.String(), Type.String());

/**
 * `GET /telao/{publicId}` (beyond the spec): what an event's live wall shows. Its booths'
 * newest media across every mode, newest first, at most WALL_HISTORY of them: what is new is told
 * from it (the whole night is read in pages: WallNightReply).
 */
export const WallReply = Type.Object({
  bname: Type.String(),
  /** What people read ('Festa da Ana'); the name when the event has no title. */
  displayTitle: Type.String(),
  /** The event's cover image URL, or '' when it has none. */
  cover: Type.String(),
  /** Media URLs, newest first. */
  product: Strings,
  codes: Type.Optional(WallCodes),
  /**
   * The event's visibility now: what decides which media need a wall code (a page of the night read under another has
   * none where it now needs one).
   */
  visibility: Type.Optional(EventVisibilitySchema),
  /**
   * Media taken off the wall by the event's owner (hidden: docs/product.md#moderation), the latest hidden first: a wall
   * holding one from its night's pages lets it go at once.
   */
  withdrawn: Type.Optional(Strings),
});
export type WallReply = Static<typeof WallReply>;

/**
 * `GET /telao/{publicId}/noite?depois={cursor}`: a page of every medium of the wall's
 * night, oldest first, from the start of the night or after `cursor`.
 */
export const WallNightReply = Type.Object({
  product: Strings,
  codes: WallCodes,
  /** The cursor of the next page; null: this page ends the night. */
  next: Type.Union([Type.String(), Type.Null()]),
});
export type WallNightReply = Static<typeof WallNightReply>;

/**
 * `GET|POST|DELETE /events/{bname}/telao`: the owner's (or the team's) view of the event's wall:
 * its public id (the wall's address) and the key of its wall link, null while there is none (a
 * public event's wall needs none).
 */
export const WallLinkReply = Type.Object({
  publicId: Type.String(),
  key: Type.Union([Type.String(), Type.Null()]),
  visibility: EventVisibilitySchema,
});
export type WallLinkReply = Static<typeof WallLinkReply>;

/**
 * `GET|PUT /events/{bname}/impressao`: the paper its printer holds, which its print files are laid out for
 * (contract/printPaper.ts).
 */
export const PrintSettings = Type.Object(
  { paper: StringEnum(['10x15', '13x18', '15x20'] as const) },
  { additionalProperties: false },
);
export type PrintSettings = Static<typeof PrintSettings>;

/** `GET /events/{bname}/impressoras`: the event's printers and its print queue, for its owner and the team. */
export const EventPrintersReply = Type.Object({
  /**
   * `name`: what people read of it ('Impressora', numbered when the event has several; a device's
   * id is no name); `seenAt`: when it was last heard from (ISO 8601), null if never.
   */
  printers: Type.Array(
    Type.Object({
      device: Type.String(),
      name: Type.String(),
      state: PrinterSeenSchema,
      seenAt: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  queued: Type.Integer(),
  printing: Type.Integer(),
});
export type EventPrintersReply = Static<typeof EventPrintersReply>;

/** `PUT /events/{bname}/rostos`: the owner (or the team) turns the event's face search on or off. */
export const FaceSearchSetting = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export type FaceSearchSetting = Static<typeof FaceSearchSetting>;

/** `GET /events/{bname}/rostos`: whether face search is on, and how far its index is. */
export const FaceSearchStatusReply = Type.Object({
  enabled: Type.Boolean(),
  /** Photos indexed (those the model could not read included). */
  indexed: Type.Integer(),
  /** Photos waiting for their job. */
  waiting: Type.Integer(),
  /** Faces found in the indexed photos. */
  faces: Type.Integer(),
});
export type FaceSearchStatusReply = Static<typeof FaceSearchStatusReply>;
