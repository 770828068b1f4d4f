import { Link } from 'react-router-dom';
import { mediaSource } from '../../api/mediaSource';
import { parseMediaPath, thumbUrl } from '../../../contract/mediaPath';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import type { EventName } from '../../../contract/names';

/** The finished 360 video, and the way to collect it. */
export function UltraVideo({ url, eventName }: { url: string; eventName: EventName }) {
  const ref = parseMediaPath(url);
  return (
    <div className="ultra__ready">
      <h2 className="ultra__headline">Seu vídeo está pronto!</h2>
      <video
        className="ultra__video"
        src={mediaSource(url)}
        poster={ref ? mediaSource(thumbUrl(ref)) : undefined}
        controls
        playsInline
        aria-label={`Vídeo 360 do evento ${ref?.eventName ?? eventName}`}
      />
      <Link className="button button--big" to={withQuery(ROUTES.collect, { id: url })}>
        COLETAR MEU VÍDEO
      </Link>
    </div>
  );
}
