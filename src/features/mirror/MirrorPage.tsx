import './mirror.css';
import { useSearchParams } from 'react-router-dom';
import { selectAgent, useAppSelector } from '../../session';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { MirrorSteps } from './MirrorSteps';

const SCAN_FIRST = 'Escaneie o QR code do espelho para começar.';

/** The AI mirror (SPEC section 2): opened from the QR code on the mirror, `?dh=&sh=&agent=`. */
export default function MirrorPage() {
  const [params] = useSearchParams();
  const [dh, sh, linkAgent] = ['dh', 'sh', 'agent'].map((name) => params.get(name)?.trim() ?? '');
  // The QR code on the mirror is the same for whoever scans it: the session (and the image it
  // makes, which the server keeps for its visitor) belongs to this phone's own agent when it has one.
  const visitor = useAppSelector(selectAgent);
  const agent = visitor || linkAgent;

  return (
    <ScreenFrame title="Espelho mágico" className="mirror">
      {dh && sh && agent ? <MirrorSteps dh={dh} sh={sh} agent={agent} /> : <p role="alert">{SCAN_FIRST}</p>}
    </ScreenFrame>
  );
}
