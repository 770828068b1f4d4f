import { useCallback, useEffect, useReducer } from 'react';
import { errorMessage } from '../../api/apiSlice';
import { useGetUltraLastQuery } from './ultraApi';
import {
  callFailed,
  clockTicked,
  initialUltraLastState,
  replied,
  retried,
  ULTRA_PROCESSING_AFTER_MS,
  ultraLastSlice,
  ultraPollingInterval,
  type UltraLastState,
} from './ultraLastSlice';

/**
 * The 360 result of one platform: the machine of ultraLastSlice fed by the query, which polls
 * while the machine waits (its `pollingInterval` is computed from the state, 0 stops it).
 */
export function useUltraLast(device: string, bname: string): { state: UltraLastState; retry: () => void } {
  const [state, dispatch] = useReducer(ultraLastSlice.reducer, initialUltraLastState);
  const { data, fulfilledTimeStamp, error, refetch } = useGetUltraLastQuery(
    { device, bname },
    { pollingInterval: ultraPollingInterval(state), refetchOnMountOrArgChange: true },
  );

  // Every answer counts (fulfilledTimeStamp changes with each), even one equal to the last.
  useEffect(() => {
    if (data !== undefined && fulfilledTimeStamp !== undefined) dispatch(replied({ reply: data, at: Date.now() }));
  }, [data, fulfilledTimeStamp]);

  useEffect(() => {
    if (error) dispatch(callFailed(errorMessage(error)));
  }, [error]);

  // The wording changes 25 s after the first in_session: wake the machine then.
  const since = state.status === 'inSession' ? state.since : null;
  useEffect(() => {
    if (since === null) return undefined;
    const timer = setTimeout(() => dispatch(clockTicked(Date.now())), Math.max(0, since + ULTRA_PROCESSING_AFTER_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [since]);

  const retry = useCallback(() => {
    dispatch(retried());
    void refetch();
  }, [refetch]);

  return { state, retry };
}
