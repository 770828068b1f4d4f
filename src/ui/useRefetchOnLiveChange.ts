import { useEffect, useRef } from 'react';
import type { LiveVersion } from '../api/liveVersion';

interface ListQuery {
  /** The version the list on screen carries (undefined before its first answer). */
  shown: string | null | undefined;
  isFetching: boolean;
  refetch: () => unknown;
  skip?: boolean;
}

/**
 * A list followed live (a booth gallery, the wall) is asked again the moment its stream says it
 * changed: when the stream's version is not the one the list on screen carries, and once when the
 * stream says it closed (the list, asked again, says why). Not while a call is on its way: RTK
 * Query would drop the refetch, and a poll that read the list just before the change would leave
 * it waiting for the next poll; once the call is back, with its version, the comparison is made again.
 */
export function useRefetchOnLiveChange(
  live: LiveVersion | undefined,
  { shown, isFetching, refetch, skip = false }: ListQuery,
): void {
  const version = live?.version ?? null;
  const closed = live?.closed ?? false;
  // A close is answered by one call: a list that still opens (its owner's) must not be asked in a loop.
  const closeAnswered = useRef(false);
  // A list whose version is unknown (no ETag on the way) is asked once per news, not in a loop.
  const askedBlind = useRef<string | null>(null);
  useEffect(() => {
    if (!closed) closeAnswered.current = false;
    if (skip || isFetching) return;
    // A closed stream is not opened again and its version stays as it was: after the one call,
    // comparing it with the list would ask again forever.
    if (closed) {
      if (!closeAnswered.current) void refetch();
      closeAnswered.current = true;
      return;
    }
    if (version === null || shown === undefined || version === shown) return;
    if (shown === null) {
      if (askedBlind.current === version) return;
      askedBlind.current = version;
    }
    void refetch();
  }, [skip, isFetching, version, shown, closed, refetch]);
}
