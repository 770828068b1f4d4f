/** Event and partner names (docs/api.md#basics): letters, digits, '-' and '_'. */
export const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Names, hashes, agents and device ids are at most this long. */
export const MAX_NAME_LENGTH = 64;

/** The pattern as JSON-schema text, for bounded identifiers (1 to 64 characters). */
export const IDENTIFIER_SOURCE = '^[A-Za-z0-9_-]{1,64}$';

/**
 * An event's name: its key and its link slug (`festa_ana`, matching NAME_PATTERN), not its title (what people
 * read) and not a booth (a device at the event). The wire, the cookies and the database keep the original API's
 * word for it, `bname` (docs/architecture.md#glossary).
 */
export type EventName = string;

export function isName(value: string): boolean {
  return NAME_PATTERN.test(value) && value.length <= MAX_NAME_LENGTH;
}
