/** Wire contract: The AI mirror, the 360 platform and face capture. */
import { type Static, Type } from '@sinclair/typebox';
import { MAX_COLLECT_FOUND, MAX_FACE_SEARCH_EVENTS } from '../faceSearch';
import { ProductList } from './common';
import { DeviceKindSchema } from './devices';
import { PrinterSeenSchema } from './events';
import { Identifier, StringEnum, Strings } from './primitives';

/** Mirror (espelho) catalogue entries. */
export const MirrorMode = Type.Object({
  title: Type.String(),
  description: Type.String(),
  icon: Type.String(),
  background: Type.String(),
});
export type MirrorMode = Static<typeof MirrorMode>;

export const MirrorPrompt = Type.Object({ title: Type.String(), icon: Type.String(), background: Type.String() });
export type MirrorPrompt = Static<typeof MirrorPrompt>;

export const MirrorReply = StringEnum(['start_ok', 'mode_ok', 'prompt_ok', 'restart_ok'] as const);
export type MirrorReply = Static<typeof MirrorReply>;

/** `get_last_image/0`: `no_image` while the mirror works, then the image's URL. */
export const MirrorImageReply = Type.String();

/**
 * `GET /ultraLast/{device}/{bname}?agent=` (the agent beyond the spec): the visitor whose session
 * and video are asked for. The platform's sessions are its guests' own: without an agent, or for
 * another visitor's, the answer is an empty list.
 */
export const UltraLastQuery = Type.Object({ agent: Type.Optional(Identifier) }, { additionalProperties: false });
export type UltraLastQuery = Static<typeof UltraLastQuery>;

/** `GET /ultraLast/{device}/{bname}`: the visitor's session still recording or processing, or their video. */
export const UltraLastReply = Type.Union([Type.Literal('in_session'), ProductList]);
export type UltraLastReply = Static<typeof UltraLastReply>;

export const UltraStartReply = Type.Literal('success');

/**
 * `GET /ultraStartConfig/...?agent=` (beyond the spec): the visitor who configures the session, so
 * the finished video joins their collection (`agentResults`) and nobody else can take it over.
 */
export const UltraStartQuery = Type.Object({ agent: Type.Optional(Identifier) }, { additionalProperties: false });
export type UltraStartQuery = Static<typeof UltraStartQuery>;

/** The largest face capture the server takes, in bytes (before base64). */
export const MAX_FACE_BYTES = 5 * 1024 * 1024;

/** `POST /uploadFace/{name}` body: the captured image as a data URL. */
export const FaceUpload = Type.Object({
  poligram: Type.String({ maxLength: Math.ceil(MAX_FACE_BYTES * 1.37) }),
  /** Beyond the spec: the guest ticked 'Concordo' (LGPD art. 11); a capture sent without it is refused. */
  consentimento: Type.Literal(true),
  /** Beyond the spec: the events to search, the visitor's own (the gate keeps those it opens to them). */
  eventos: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: MAX_FACE_SEARCH_EVENTS })),
});
export type FaceUpload = Static<typeof FaceUpload>;

/** `GET /fotos-do-rosto/{agent}?eventos=a,b`: the same search again, with the selfie kept for the session. */
export const FaceSearchQuery = Type.Object({
  eventos: Type.Optional(Type.String({ maxLength: MAX_FACE_SEARCH_EVENTS * 65 })),
});
export type FaceSearchQuery = Static<typeof FaceSearchQuery>;

/**
 * A face search's answer: whether a selfie of the visitor is kept (none: take one),
 * whether they asked not to be found ('Não me mostre'), the photos their face is in, surest
 * first, the events searched, and those asked where face search is not available to them.
 */
export const FaceSearchReply = Type.Object({
  selfie: Type.Boolean(),
  hidden: Type.Boolean(),
  found: Type.Array(Type.Object({ url: Type.String(), event: Type.String() })),
  searched: Strings,
  unavailable: Strings,
});
export type FaceSearchReply = Static<typeof FaceSearchReply>;

/** `POST /fotos-do-rosto/{agent}/colecao` ('Pegar todas'): the photos a face search found, collected at once. */
export const CollectFoundRequest = Type.Object(
  { fotos: Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), { minItems: 1, maxItems: MAX_COLLECT_FOUND }) },
  { additionalProperties: false },
);
export type CollectFoundRequest = Static<typeof CollectFoundRequest>;

/**
 * What 'Pegar todas' collected (the selfie kept finds the visitor in them), and what it refused (it does not: not
 * theirs, or gone).
 */
export const CollectFoundReply = Type.Object({ collected: Strings, refused: Strings });
export type CollectFoundReply = Static<typeof CollectFoundReply>;

/** A device as the team sees it (`GET /team/devices`): never its key, only whether it has one. */
export const TeamDevice = Type.Object({
  id: Type.String(),
  kind: DeviceKindSchema,
  /** Its event's name, or '' when it is on none. */
  event: Type.String(),
  /** Its booth mode, or ''. */
  mode: Type.String(),
  hasKey: Type.Boolean(),
  /**
   * A printer's state now: what people read of it, the title of the event it prints
   * for ('' on none: it prints every event's), the prints waiting for it, and when it was last
   * heard from (ISO 8601, null if never).
   */
  printer: Type.Optional(
    Type.Object({
      name: Type.String(),
      eventTitle: Type.String(),
      state: PrinterSeenSchema,
      waiting: Type.Integer(),
      seenAt: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type TeamDevice = Static<typeof TeamDevice>;

/** A device's new key (`POST /team/devices/{id}/key`): shown once, stored nowhere. */
export const DeviceKeyReply = Type.Object({ id: Type.String(), key: Type.String() });
export type DeviceKeyReply = Static<typeof DeviceKeyReply>;
