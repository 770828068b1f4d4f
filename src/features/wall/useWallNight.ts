import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useAppDispatch } from '../../session';
import { useGetWallNightQuery } from './wallApi';
import type { WantedPage } from './wallSchedule';
import { nightPageLoaded, type WallAddress } from './wallSlice';

/** A page of the night that did not come (no connection) is asked again after this long. */
const NIGHT_RETRY_MS = 5_000;

/**
 * Reads the page of the night the wall's schedule wants (wallSchedule.ts), one at a time, and
 * hands each answer to the machine with what it was asked for (an answer for a place the wall
 * has left changes nothing there).
 */
export function useWallNight(address: WallAddress, wanted: WantedPage | null): void {
  const dispatch = useAppDispatch();
  const { currentData, originalArgs, isError, refetch } = useGetWallNightQuery(
    wanted ? { ...address, ...wanted } : skipToken,
  );
  useEffect(() => {
    if (currentData && originalArgs)
      dispatch(nightPageLoaded({ after: originalArgs.after, round: originalArgs.round, ...currentData }));
  }, [dispatch, currentData, originalArgs]);
  const asking = wanted !== null;
  useEffect(() => {
    if (!isError || !asking) return;
    const timer = setTimeout(() => void refetch(), NIGHT_RETRY_MS);
    return () => clearTimeout(timer);
  }, [isError, asking, refetch]);
}
