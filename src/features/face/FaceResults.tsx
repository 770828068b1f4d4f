import { useNavigate } from 'react-router-dom';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { errorMessage } from '../../api/apiError';
import { FocusedStep } from '../../ui/FocusedStep';
import { MediaTile } from '../../ui/gallery/MediaTile';
import { CollectAllFound } from './CollectAllFound';
import { useGetFaceMatchesQuery, type FaceSearchArgs } from './faceApi';

export const FACE_TIPS = 'Tente com o rosto bem iluminado, sem óculos escuros';

const photosFound = (count: number) =>
  count === 1 ? 'Encontramos você em 1 foto.' : `Encontramos você em ${count} fotos.`;

/**
 * 'Suas fotos': the photos the selfie was found in, surest first, each opening the collect screen;
 * none found said kindly, with tips; the events where face search is not available.
 */
export function FaceResults({ search, onRetake }: { search: FaceSearchArgs; onRetake: () => void }) {
  const navigate = useNavigate();
  const { data, error, refetch } = useGetFaceMatchesQuery(search);
  const open = (url: string) => void navigate(withQuery(ROUTES.collect, { id: url }));

  if (!data) {
    return error ? (
      <div role="alert" className="face__problem">
        <p>{errorMessage(error)}</p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Tentar novamente
        </button>
      </div>
    ) : (
      <p role="status">Procurando suas fotos...</p>
    );
  }

  return (
    <FocusedStep title="Suas fotos" className="face__results">
      {data.found.length > 0 ? (
        <>
          <p role="status">
            {photosFound(data.found.length)} Toque em uma foto para coletá-la, ou pegue todas de uma vez.
          </p>
          <CollectAllFound photos={data.found} />
          <ul className="face__grid">
            {data.found.map((photo, index) => (
              <li key={photo.url} className="face__tile">
                <MediaTile
                  url={photo.url}
                  label={`Foto ${index + 1} em que você aparece: abrir para coletar`}
                  onOpen={open}
                  priority={index < 6}
                />
              </li>
            ))}
          </ul>
        </>
      ) : data.searched.length > 0 ? (
        <div role="status" className="face__none">
          <p>Ainda não encontramos você nas fotos.</p>
          <p>{FACE_TIPS}, de frente para a câmera, e tire outra selfie.</p>
          <p>As fotos novas do evento entram na busca assim que chegam: volte aqui mais tarde.</p>
        </div>
      ) : (
        <p role="status">Abra o evento pelo QR code da cabine ou pelo link da galeria para procurar suas fotos nele.</p>
      )}
      {data.unavailable.length > 0 && (
        <p className="face__unavailable">A busca por rosto não está disponível em: {data.unavailable.join(', ')}.</p>
      )}
      <div className="face__buttons">
        <button type="button" className="button button--secondary" onClick={onRetake}>
          Tirar outra selfie
        </button>
      </div>
    </FocusedStep>
  );
}
