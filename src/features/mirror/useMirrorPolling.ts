import { addListener, isAnyOf, removeListener, type UnknownAction } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector, type AppDispatch, type RootState } from '../../session';
import { mirrorApi, useMirrorLastImageQuery, type MirrorSession } from './mirrorApi';
import { imagePolled, pollFailed, selectMirror, selectMirrorPollingInterval } from './mirrorSlice';

const addAppListener = addListener.withTypes<RootState, AppDispatch>();
const removeAppListener = removeListener.withTypes<RootState, AppDispatch>();

const { matchFulfilled, matchRejected } = mirrorApi.endpoints.mirrorLastImage;
const pollSettled = isAnyOf(matchFulfilled, matchRejected);

function sameSession(a: MirrorSession, b: MirrorSession): boolean {
  return a.dh === b.dh && a.sh === b.sh && a.agent === b.agent;
}

/**
 * Every reply of the last-image query goes to the machine, for this session only; when it ends
 * the wait (the image came, or the 6th try found none) the mirror is freed for the next guest
 * with restart/0, once. A listener, so that neither a reducer nor a render makes the call.
 */
function onPoll(action: UnknownAction, api: { dispatch: AppDispatch; getState: () => RootState }): void {
  const before = selectMirror(api.getState());
  if (before.status !== 'waiting') return;
  if (matchFulfilled(action)) {
    if (!sameSession(action.meta.arg.originalArgs, before.session)) return;
    api.dispatch(imagePolled(action.payload));
  } else if (matchRejected(action)) {
    // A request RTK Query did not send (one already in flight) is no try.
    if (action.meta.condition || !sameSession(action.meta.arg.originalArgs, before.session)) return;
    api.dispatch(pollFailed());
  }
  const after = selectMirror(api.getState());
  if (after.status === 'finished' || after.status === 'timedOut') {
    void api.dispatch(mirrorApi.endpoints.mirrorRestart.initiate(after.session));
  }
}

/**
 * The last image, asked every 5 s while the machine waits for it: the query's pollingInterval
 * comes from the machine's state (0 otherwise) and the query is skipped outside the wait.
 */
export function useMirrorPolling(): void {
  const dispatch = useAppDispatch();
  const mirror = useAppSelector(selectMirror);
  const pollingInterval = useAppSelector(selectMirrorPollingInterval);

  useEffect(() => {
    dispatch(addAppListener({ matcher: pollSettled, effect: onPoll }));
    return () => {
      dispatch(removeAppListener({ matcher: pollSettled, effect: onPoll }));
    };
  }, [dispatch]);

  useMirrorLastImageQuery(mirror.status === 'waiting' ? mirror.session : skipToken, { pollingInterval });
}
