import { useEffect } from 'react';
import { errorMessage, isRefusedForGood } from '../../api/apiError';
import { useAppDispatch } from '../../session';
import { useRefetchOnLiveChange } from '../../ui/useRefetchOnLiveChange';
import { useFollowWallQuery, useGetWallQuery, type Wall, type WallArgs } from './wallApi';
import { listFailed, listReceived } from './wallSlice';

/**
 * How the wall follows its event: told by the stream of each change, polled every 5 s while the stream is not open (its
 * fallback), every 30 s while it is.
 */
const WALL_POLL_MS = 5_000;
const STREAMED_POLL_MS = 30_000;

/**
 * Feeds the wall's machine with its list: asked at once, again the moment the stream says it
 * changed (or closed), and on the poll; every answer and every failure goes to the machine. Until
 * `ready` (who looks is known) and once `stopped` (the server does not open this wall), nothing is asked.
 */
export function useWallFeed(
  args: WallArgs,
  { ready, stopped }: { ready: boolean; stopped: boolean },
): { live: boolean; wall: Wall | undefined } {
  const dispatch = useAppDispatch();
  const skip = !ready || stopped;
  const { currentData: live } = useFollowWallQuery(args, { skip });
  const streamed = live?.live ?? false;
  const { currentData, error, isError, isFetching, fulfilledTimeStamp, startedTimeStamp, refetch } = useGetWallQuery(
    args,
    {
      skip,
      pollingInterval: streamed ? STREAMED_POLL_MS : WALL_POLL_MS,
      refetchOnReconnect: true,
      refetchOnFocus: true,
      refetchOnMountOrArgChange: true,
    },
  );

  // Each answer, even one that is the same list (it says the connection is back).
  useEffect(() => {
    if (currentData && fulfilledTimeStamp !== undefined)
      dispatch(
        listReceived({
          product: currentData.product,
          codes: currentData.codes,
          visibility: currentData.visibility,
          withdrawn: currentData.withdrawn,
        }),
      );
  }, [dispatch, currentData, fulfilledTimeStamp]);
  useEffect(() => {
    // A refusal asking again will not change (404: a revoked link or an unknown event; 400: a mangled link) ends the
    // wall.
    if (isError) dispatch(listFailed({ gone: isRefusedForGood(error), message: errorMessage(error) }));
  }, [dispatch, isError, error, startedTimeStamp]);

  useRefetchOnLiveChange(live, { shown: currentData?.version, isFetching, refetch, skip });

  return { live: streamed, wall: currentData };
}
