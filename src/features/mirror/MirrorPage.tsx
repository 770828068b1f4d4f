import './mirror.css';
import { useSearchParams } from 'react-router-dom';
import { selectAgent, useAppSelector } from '../../session';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { MirrorSteps } from './MirrorSteps';

const SCAN_FIRST = 'Escaneie o QR code do espelho para começar.';
/** The server gives every page its visitor; a phone without one (cookies refused) cannot hold a session. */
const NO_VISITOR = 'Não reconhecemos este aparelho. Recarregue a página e tente de novo.';

/**
 * The AI mirror (docs/product.md#ai-mirror): opened from the QR code on the mirror, `?dh=&sh=&agent=`. The QR
 * code is the same for whoever scans it, and an agent in a link proves nothing
 * (docs/api.md#the-visitors-agent-given-by-the-server): the session, and the image it makes, are this phone's own
 * agent's.
 */
export default function MirrorPage() {
  const [params] = useSearchParams();
  const [dh, sh] = ['dh', 'sh'].map((name) => params.get(name)?.trim() ?? '');
  const agent = useAppSelector(selectAgent);

  return (
    <ScreenFrame title="Espelho mágico" className="mirror">
      {!dh || !sh ? (
        <p role="alert">{SCAN_FIRST}</p>
      ) : agent ? (
        <MirrorSteps dh={dh} sh={sh} agent={agent} />
      ) : (
        <p role="alert">{NO_VISITOR}</p>
      )}
    </ScreenFrame>
  );
}
