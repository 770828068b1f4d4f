import './collect.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { mediaSource } from '../../api/mediaSource';
import { mediaKind, mediaUrl, parseMediaPath, thumbUrl } from '../../lib/mediaPath';
import { boothRoute, ROUTES } from '../../lib/routePaths';
import { QrIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { MediaActions } from '../share';
import { useCheckMediaQuery } from './collectApi';
import { CollectPhoto } from './CollectPhoto';
import { removeShellPreview } from './shellPreview';
import { useCollectOnOpen } from './useCollectOnOpen';

const QrCode = lazy(() => import(/* webpackChunkName: "qrcode" */ './QrCode'));

/** A booth's QR code leads here (SPEC section 2, "Collect screen"). */
export default function CollectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ref = parseMediaPath(params.get('id') ?? '');
  const presence = useCheckMediaQuery(ref ? mediaUrl(ref) : '', { skip: !ref });
  const celebrating = useCollectOnOpen(ref, presence.data === 'found');
  const [qrOpen, setQrOpen] = useState(false);

  useEffect(() => {
    // Only a photo keeps the page's early copy of it (CollectPhoto removes it when drawn).
    if (!ref || presence.data === 'missing' || mediaKind(ref.file) === 'video') removeShellPreview();
  });

  if (!ref) {
    return (
      <ScreenFrame title="Coletar">
        <p role="alert">Link inválido: esta foto não existe.</p>
      </ScreenFrame>
    );
  }
  const url = mediaUrl(ref);
  const src = mediaSource(url);
  const video = mediaKind(ref.file) === 'video';
  const eventButton = (
    <button type="button" className="button" onClick={() => navigate(boothRoute(ref.mode), { state: { bname: ref.bname } })}>
      Ir para Evento
    </button>
  );
  const collectionButton = (
    <button type="button" className="button button--secondary" onClick={() => navigate(ROUTES.collection)}>
      Minha Coleção
    </button>
  );

  if (presence.data === 'missing') {
    return (
      <ScreenFrame title="Coletar" className="collect">
        <p role="alert" className="collect__problem">
          {video ? 'Este vídeo não foi encontrado' : 'Esta foto não foi encontrada'}: confira o link do QR code. Nada foi
          adicionado à sua coleção.
        </p>
        <div className="collect__buttons">
          {eventButton}
          {collectionButton}
        </div>
      </ScreenFrame>
    );
  }

  return (
    <ScreenFrame title="Coletar" className="collect">
      <div className="collect__stage">
        {video ? (
          <video
            className="collect__media"
            src={src}
            poster={mediaSource(thumbUrl(ref))}
            controls
            playsInline
            autoPlay
            loop
            muted
            aria-label={`Vídeo do evento ${ref.bname}`}
          />
        ) : (
          <CollectPhoto key={src} src={src} thumb={mediaSource(thumbUrl(ref))} alt={`Foto do evento ${ref.bname}`} />
        )}
        {celebrating && (
          <p className="collected" role="status">
            Coletado!
          </p>
        )}
      </div>
      {presence.isError && (
        <div role="alert" className="collect__problem">
          <p>Sem conexão com o servidor: {video ? 'o vídeo ainda não foi coletado' : 'a foto ainda não foi coletada'}.</p>
          <button type="button" className="button button--secondary" onClick={() => void presence.refetch()}>
            Tentar novamente
          </button>
        </div>
      )}
      <div className="collect__actions">
        <button type="button" className="icon-button" aria-label="Mostrar QR code" onClick={() => setQrOpen(true)}>
          <QrIcon />
        </button>
        <MediaActions url={url} />
      </div>
      <div className="collect__buttons">
        {eventButton}
        {collectionButton}
      </div>
      {qrOpen && (
        <Modal title="QR code" onClose={() => setQrOpen(false)}>
          <Suspense fallback={<p role="status">Carregando...</p>}>
            <QrCode value={window.location.href} />
          </Suspense>
          <p>Mostre este código para alguém coletar a mesma foto.</p>
        </Modal>
      )}
    </ScreenFrame>
  );
}
