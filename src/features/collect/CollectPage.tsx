import { useSearchParams } from 'react-router-dom';
import { mediaSource } from '../../api/mediaSource';
import { mediaKind, mediaUrl, parseMediaPath } from '../../lib/mediaPath';
import { ScreenFrame } from '../../ui/ScreenFrame';

export default function CollectPage() {
  const [params] = useSearchParams();
  const ref = parseMediaPath(params.get('id') ?? '');
  if (!ref) {
    return (
      <ScreenFrame title="Coletar">
        <p role="alert">Link inválido: esta foto não existe.</p>
      </ScreenFrame>
    );
  }
  const src = mediaSource(mediaUrl(ref));
  return (
    <ScreenFrame title="Coletar">
      {mediaKind(ref.file) === 'video' ? (
        <video className="collect__media" src={src} controls playsInline aria-label={`Vídeo do evento ${ref.bname}`} />
      ) : (
        <img className="collect__media" src={src} alt={`Foto do evento ${ref.bname}`} />
      )}
    </ScreenFrame>
  );
}
