import { Link } from 'react-router-dom';
import { mediaSource } from '../../api/mediaSource';
import { mediaUrl, parseMediaPath } from '../../../contract/mediaPath';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { useAppDispatch } from '../../session';
import { MirrorStep } from './MirrorStep';
import { startRequested } from './mirrorSlice';

const IMAGE_ALT = 'Sua imagem do espelho mágico';

/** 'Sessão em andamento': the mirror works; the page asks for the image every 5 s. */
const SESSION_WAITING = 'Sessão em andamento';

export function SessionWaiting() {
  return (
    <MirrorStep title={SESSION_WAITING}>
      <p role="status" className="mirror-waiting">
        O espelho está criando a sua imagem. Aguarde um pouco...
      </p>
      {/* No value: nobody knows how long the mirror takes, only that it works. */}
      <progress className="progress" aria-label={SESSION_WAITING} />
    </MirrorStep>
  );
}

/** 'Sessão finalizada': the image, and a way to keep it in the guest's collection. */
export function SessionFinished({ image }: { image: string }) {
  const media = parseMediaPath(image);
  return (
    <MirrorStep title="Sessão finalizada">
      <img className="mirror-result" src={mediaSource(image)} alt={IMAGE_ALT} />
      {media && (
        <Link className="button button--big" to={withQuery(ROUTES.collect, { id: mediaUrl(media) })}>
          Coletar
        </Link>
      )}
    </MirrorStep>
  );
}

/** The 6th look found no image: say so, and offer a new start. */
export function SessionTimedOut() {
  const dispatch = useAppDispatch();
  return (
    <MirrorStep title="A imagem não chegou a tempo">
      <p role="alert">O espelho não entregou a sua imagem a tempo. Comece de novo para tentar outra vez.</p>
      <button type="button" className="button" onClick={() => dispatch(startRequested())}>
        Começar de novo
      </button>
    </MirrorStep>
  );
}
