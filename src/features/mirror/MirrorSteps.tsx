import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { CustomPrompt } from './CustomPrompt';
import { useMirrorLastImageQuery, type MirrorSession } from './mirrorApi';
import './mirrorFlow';
import { mirrorOpened, selectMirror, selectMirrorPollingInterval, startRequested } from './mirrorSlice';
import { ModePicker } from './ModePicker';
import { ScenarioPicker } from './ScenarioPicker';
import { SessionFinished, SessionTimedOut, SessionWaiting } from './SessionResult';

/**
 * The session on one mirror's QR code, step by step as the machine says (its calls are the
 * flow's, mirrorFlow.ts). While the machine waits, the last image is asked every 5 s: the query's
 * interval comes from the machine's state, and it is skipped outside the wait.
 */
export function MirrorSteps({ dh, sh, agent }: MirrorSession) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectMirror);
  const pollingInterval = useAppSelector(selectMirrorPollingInterval);
  useMirrorLastImageQuery(state.status === 'waiting' ? state.session : skipToken, { pollingInterval });

  useEffect(() => {
    dispatch(mirrorOpened({ dh, sh, agent }));
  }, [dispatch, dh, sh, agent]);

  switch (state.status) {
    case 'idle':
    case 'starting':
      return <p role="status">Conectando ao espelho...</p>;
    case 'notStarted':
      return <LoadError message={state.error} onRetry={() => dispatch(startRequested())} />;
    case 'expired':
      return <p role="alert">{state.error}</p>;
    case 'choosingMode':
      return <ModePicker session={state.session} sending={null} error={state.error} />;
    case 'settingMode':
      return <ModePicker session={state.session} sending={state.mode} error={null} />;
    case 'choosingScenario':
      return <ScenarioPicker session={state.session} mode={state.mode} error={state.error} confirming={null} />;
    case 'confirming':
    case 'sendingScenario':
      return (
        <ScenarioPicker
          session={state.session}
          mode={state.mode}
          error={null}
          confirming={{ scenario: state.scenario, sending: state.status === 'sendingScenario' }}
        />
      );
    case 'typingPrompt':
      return <CustomPrompt draft={state.draft} sending={false} error={state.error} />;
    case 'sendingCustom':
      return <CustomPrompt draft={state.prompt} sending error={null} />;
    case 'waiting':
      return <SessionWaiting />;
    case 'finished':
      return <SessionFinished image={state.image} />;
    case 'timedOut':
      return <SessionTimedOut />;
  }
}
