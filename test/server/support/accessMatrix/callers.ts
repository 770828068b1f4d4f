import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * The access matrix's callers (test/server/accessMatrix.test.ts): every kind of caller a route
 * meets, and the helpers a row of the table (routes.ts) states what each one gets with.
 */

export type Caller =
  | 'signedOut'
  /**
   * An attacker who knows a visitor's id (from a proxy's log, a shared link): their own browser,
   * signed out, with the visitor the server gave it; the requests name the victim's agent.
   */
  | 'agentThief'
  /** An unsigned JWT (`alg: none`) whose claims look like a real session. */
  | 'forged'
  /** A JWT whose header names an algorithm that does not exist (`{"alg":"network"}`). */
  | 'oddHeader'
  /** A plain signed-in user: an account and nothing more, a stranger to every event. */
  | 'guest'
  /** The owner of the private event `privada` (its order's account), signed in, with its browser's media cookie. */
  | 'owner'
  /** A guest who was at `privada` (opened one of its collect links), signed in, with the media cookie. */
  | 'attendee'
  /** The same guest's browser signed out: its agent cookie only. */
  | 'attendeeSignedOut'
  /** A guest who added one of `privada`'s packs, signed in, with the media cookie. */
  | 'packHolder'
  /**
   * A guest invited to the link-only event `ligada` by its own link (`/evento/ligada-link-1`), signed in: a stranger to
   * `privada`.
   */
  | 'invited'
  | 'partnerA'
  | 'partnerB'
  | 'team'
  /**
   * A screen showing the wall of `privada`, opened by the link its owner made: its
   * browser's own visitor, signed out, and the wall's cookie. It sees the files the wall shows,
   * and nothing they name makes it a guest.
   */
  | 'wallHolder'
  /** The key of a device of the kind the route needs (a camera where it needs none). */
  | 'ownDevice'
  /** The key of a device of another kind (a camera on a printer route, a printer on a camera route). */
  | 'otherDevice';

export const CALLERS: readonly Caller[] = [
  'signedOut',
  'agentThief',
  'forged',
  'oddHeader',
  'guest',
  'owner',
  'attendee',
  'attendeeSignedOut',
  'packHolder',
  'invited',
  'partnerB',
  'team',
  'wallHolder',
  'ownDevice',
  'otherDevice',
  'partnerA',
];

export type DeviceKind = 'camera' | 'printer' | 'mirror' | 'ultra';
export const OTHER_KIND: Record<DeviceKind, DeviceKind> = {
  camera: 'printer',
  printer: 'camera',
  mirror: 'camera',
  ultra: 'camera',
};
export const DEVICE_IDS: Record<DeviceKind, string> = {
  camera: 'cam1',
  printer: 'printer1',
  mirror: 'mirror1',
  ultra: 'ultra1',
};

export type Expected = number | { status: number; body: unknown };
export type Matrix = Record<Caller, Expected>;

export interface Row {
  /** `METHOD /path` as declared (`server.routes`). */
  route: string;
  /** Which case of the route, when it has several. */
  label?: string;
  /** The device kind the route is for (device API). */
  needs?: DeviceKind;
  /** The request, made when it is sent: state-changing routes get fresh values for every caller. */
  request: () => Promise<InjectOptions> | InjectOptions;
  /** What of a 200 reply the table compares, where `expected` gives a body (by default the text). */
  view?: (response: LightMyRequestResponse, caller: Caller) => unknown;
  expected: Matrix;
}

// --- the table's helpers ---------------------------------------------------------------------

/** The same for every caller: a public route reads no token and no device key. */
export const anyone = (expected: Expected): Matrix => ({
  signedOut: expected,
  agentThief: expected,
  forged: expected,
  oddHeader: expected,
  guest: expected,
  owner: expected,
  attendee: expected,
  attendeeSignedOut: expected,
  packHolder: expected,
  invited: expected,
  partnerA: expected,
  partnerB: expected,
  team: expected,
  wallHolder: expected,
  ownDevice: expected,
  otherDevice: expected,
});

/** Identity is optional: without a token (a device has none) `anonymous`; a bad token is a 401 all the same. */
export const optional = (anonymous: Expected, signed: Expected): Matrix => ({
  signedOut: anonymous,
  agentThief: anonymous,
  forged: 401,
  oddHeader: 401,
  guest: signed,
  owner: signed,
  attendee: signed,
  attendeeSignedOut: anonymous,
  packHolder: signed,
  invited: signed,
  partnerA: signed,
  partnerB: signed,
  team: signed,
  wallHolder: anonymous,
  ownDevice: anonymous,
  otherDevice: anonymous,
});

/** Any signed-in user; everyone else 401. */
export const signedIn = (expected: Expected): Matrix => optional(401, expected);

/** A role's route: 401 without a valid session, `refused` for the signed-in callers who lack the role. */
export const only = (
  who: 'team' | 'partnerA' | 'partnerAAndTeam',
  allowed: Expected,
  refused: Expected = 403,
): Matrix => ({
  ...signedIn(refused),
  partnerA: who === 'team' ? refused : allowed,
  team: who === 'partnerA' ? refused : allowed,
});

/** The device API: the device of the route's kind, 403 for another kind, 401 for anyone without a key. */
export const device = (expected: Expected): Matrix => ({ ...anyone(401), ownDevice: expected, otherDevice: 403 });

export const ok = (body: unknown): Expected => ({ status: 200, body });

/**
 * A route of the private event `privada` ("Who may see an event"): open to its owner,
 * the team and the guests who were there, signed in; a guest who was there but is signed out is
 * asked to sign in (401); anyone else gets what an unknown event gets (`stranger`, 404).
 */
export const presence = (open: Expected, stranger: Expected = 404): Matrix => ({
  ...optional(stranger, open),
  guest: stranger,
  invited: stranger,
  partnerA: stranger,
  partnerB: stranger,
  attendeeSignedOut: 401,
});

/**
 * A route of the link-only event `ligada`: open to the team and the guest invited by its own link
 * (signed in or not, a link-only event needs no login); anyone else, who never was there, gets
 * what an unknown event gets (404).
 */
export const linkOnly = (open: Expected, stranger: Expected = 404): Matrix => ({
  ...optional(stranger, stranger),
  invited: open,
  team: open,
});

/** The cells of `matrix` for `callers` only: to lay over another helper's row. */
export const pick = (matrix: Matrix, callers: readonly Caller[]): Partial<Matrix> =>
  Object.fromEntries(callers.map((caller) => [caller, matrix[caller]]));
