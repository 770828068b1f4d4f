import { BOOTH_MODES, type BoothMode } from '../../../contract/modes';
import { isName } from '../../../contract/names';

/** What the events list hands to the event page through navigation state (docs/product.md#event-page). */
export interface EventNavigationState {
  bname: string;
  devices: string[];
  /** What people read ('Festa da Ana'), when the list knew it. */
  displayTitle?: string;
  /** Its owner turned face search on: the gallery links to 'Encontre minhas fotos'. */
  faceSearch?: boolean;
}

/**
 * An event's name as the page's address gives it (`?evento=`), commas dropped as from the state; nothing for anything
 * else.
 */
export function eventNameOf(value: string | null): string | undefined {
  const name = value?.replace(/,/g, '');
  return name && isName(name) ? name : undefined;
}

export function readEventState(state: unknown): Partial<EventNavigationState> {
  if (typeof state !== 'object' || state === null) return {};
  const { bname: eventName, devices, displayTitle, faceSearch } = state as Record<string, unknown>;
  return {
    // The name arrives as the booth wrote it; commas are list separators, never part of a name.
    bname: typeof eventName === 'string' ? eventName.replace(/,/g, '') : undefined,
    devices: Array.isArray(devices) ? devices.filter((d): d is string => typeof d === 'string') : undefined,
    displayTitle: typeof displayTitle === 'string' && displayTitle.trim() !== '' ? displayTitle : undefined,
    faceSearch: faceSearch === true ? true : undefined,
  };
}

/** The booth types of an event, in the spec's order, without unknown names. */
export function boothModes(devices: readonly string[]): BoothMode[] {
  return BOOTH_MODES.filter((mode) => devices.includes(mode));
}
