/** Wire contract: moderation, the owner's and the team's say over what an event shows (docs/api.md#moderation). */
import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from './primitives';

/** What the owner does with one medium: hide it everywhere, show it again (which approves it), approve it. */
export const MODERATION_ACTIONS = ['hide', 'show', 'approve'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Which of the event's media a page lists: all of them, those waiting for approval, the hidden ones. */
export const MODERATION_FILTERS = ['todas', 'fila', 'ocultas'] as const;
export type ModerationFilter = (typeof MODERATION_FILTERS)[number];

/** A page's cursor: the id of the last medium of the page before. */
export const MODERATION_CURSOR_SOURCE = '^[0-9]{1,18}$';

/** One booth medium as the owner moderates it. */
export const ModeratedMedium = Type.Object({
  /** Its media URL ('/media/{bname}/{mode}/{file}'). */
  url: Type.String(),
  hidden: Type.Boolean(),
  /** Waiting for the owner's approval before the wall shows it. */
  awaiting: Type.Boolean(),
});
export type ModeratedMedium = Static<typeof ModeratedMedium>;

/** The event's approval settings and how many media wait and are hidden. */
export const ModerationSettings = Type.Object({
  /** 'Aprovar antes do telão': new photos reach the wall once approved. */
  wallApproval: Type.Boolean(),
  /** The phones' galleries wait for the approval too. */
  holdGalleries: Type.Boolean(),
});
export type ModerationSettings = Static<typeof ModerationSettings>;

export const ModerationCounts = Type.Object({ waiting: Type.Integer(), hidden: Type.Integer() });

/** `GET /events/{bname}/moderacao?filtro=&antes=`: the settings, the counts and a page of media, newest first. */
export const ModerationReply = Type.Composite([
  ModerationSettings,
  ModerationCounts,
  Type.Object({
    media: Type.Array(ModeratedMedium),
    /** The cursor of the next page (`antes`), null on the last one. */
    next: Type.Union([Type.String(), Type.Null()]),
  }),
]);
export type ModerationReply = Static<typeof ModerationReply>;

export const ModerationQuery = Type.Object(
  {
    filtro: Type.Optional(StringEnum(MODERATION_FILTERS)),
    antes: Type.Optional(Type.String({ pattern: MODERATION_CURSOR_SOURCE })),
  },
  { additionalProperties: false },
);
export type ModerationQuery = Static<typeof ModerationQuery>;

/** `POST /events/{bname}/moderacao`: one medium hidden, shown or approved; answered with how it stands now. */
export const ModerationChange = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 1024 }), action: StringEnum(MODERATION_ACTIONS) },
  { additionalProperties: false },
);
export type ModerationChange = Static<typeof ModerationChange>;

/** `PUT /events/{bname}/moderacao/ajustes`: the approval settings; answered with them and the counts. */
export const ModerationSettingsChange = Type.Object(
  { wallApproval: Type.Boolean(), holdGalleries: Type.Boolean() },
  { additionalProperties: false },
);
export type ModerationSettingsChange = Static<typeof ModerationSettingsChange>;
export const ModerationSettingsReply = Type.Composite([ModerationSettings, ModerationCounts]);
export type ModerationSettingsReply = Static<typeof ModerationSettingsReply>;
