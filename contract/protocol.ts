/**
 * Protocol constants of docs/api.md#the-contracts-calls that both sides must agree on: one definition each, used by
 * the SPA when it asks and by the server when it validates and answers.
 */

/** The AI mirror's mode for a prompt of the guest's own: sent as a mode, then the prompt itself. */
export const MIRROR_CUSTOM_MODE = 'custom';

/** `get_last_image/0` while the mirror still works on the image. */
export const MIRROR_NO_IMAGE = 'no_image';

/** The longest prompt the mirror takes, in characters. */
export const MIRROR_PROMPT_MAX_LENGTH = 500;

/**
 * An order's number (docs/product.md#constants-and-limits): 9 random digits, 100000000 to 999999999, made by the
 * buyer's browser; the server refuses any other shape at the edge.
 */
export const ORDER_ID_SOURCE = '^[1-9]\\d{8}$';
export const ORDER_ID_MIN = 100_000_000;
export const ORDER_ID_MAX = 999_999_999;
