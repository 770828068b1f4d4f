import './ultra.css';
import { useSearchParams } from 'react-router-dom';
import { isName, type EventName } from '../../../contract/names';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useEffect } from 'react';
import { selectAgent, useAppDispatch, useAppSelector, useSession } from '../../session';
import { useGetUltraLastQuery } from './ultraApi';
import './ultraLastFlow';
import { retried, selectUltraLast, selectUltraPollingInterval, ultraLastOpened } from './ultraLastSlice';
import { UltraVideo } from './UltraVideo';

const TITLE = 'Vídeo 360';

/** The 360 platform's result (docs/product.md#360-platform): waits for the video, then offers it. */
export default function UltraLastPage() {
  const [params] = useSearchParams();
  const device = params.get('device') ?? '';
  const eventName = params.get('bname') ?? '';
  if (!isName(device) || !isName(eventName)) {
    return (
      <ScreenFrame title={TITLE}>
        <p role="alert">Link inválido: faltam a plataforma 360 e o evento. Escaneie de novo o QR code da plataforma.</p>
      </ScreenFrame>
    );
  }
  return <UltraResult key={`${device}/${eventName}`} device={device} eventName={eventName} />;
}

/**
 * The result of one platform, as the machine says (ultraLastSlice; its effects are the flow's):
 * the query polls while the machine waits, its interval computed from the state (0 stops it).
 */
function UltraResult({ device, eventName }: { device: string; eventName: EventName }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectUltraLast);
  const pollingInterval = useAppSelector(selectUltraPollingInterval);
  const agent = useAppSelector(selectAgent);
  // A private event's video is the signed-in guest's: the identity is followed, so the polls carry the token.
  useSession();
  useEffect(() => {
    dispatch(ultraLastOpened({ device, eventName }));
  }, [dispatch, device, eventName]);
  useGetUltraLastQuery({ device, eventName, agent }, { pollingInterval, refetchOnMountOrArgChange: true });
  const retry = () => dispatch(retried());
  return (
    <ScreenFrame title={TITLE} className="ultra">
      {(state.status === 'idle' || state.status === 'asking') && <p role="status">Buscando o seu vídeo...</p>}
      {(state.status === 'inSession' || state.status === 'processing') && (
        <Waiting text={state.status === 'inSession' ? 'Sessão em andamento' : 'Processando vídeo, aguarde...'} />
      )}
      {state.status === 'ready' && <UltraVideo url={state.video} eventName={eventName} />}
      {state.status === 'noVideo' && (
        <Problem
          message={
            'Ainda não há um vídeo seu nesta plataforma 360. Escaneie o QR code da plataforma para gravar o seu ' +
            'e tente de novo.'
          }
          onRetry={retry}
        />
      )}
      {state.status === 'failed' && <Problem message={state.message} onRetry={retry} />}
    </ScreenFrame>
  );
}

/** The platform at work: what it does, and a bar that moves meanwhile (nobody knows for how long). */
function Waiting({ text }: { text: string }) {
  return (
    <div className="ultra__waiting">
      <p role="status" className="ultra__wait">
        {text}
      </p>
      <progress className="progress" aria-label={text} />
    </div>
  );
}

function Problem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="ultra__problem">
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  );
}
