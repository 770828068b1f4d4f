import type { ReactNode } from 'react';
import { mediaSource } from '../../api/mediaSource';
import { mediaKind, parseMediaPath, thumbUrl } from '../../../contract/mediaPath';
import { Modal } from '../Modal';

interface MediaViewerProps {
  url: string;
  onClose: () => void;
  /** The item's actions (share, print), placed under it. */
  actions?: ReactNode;
  /** What people read of the item's event (its title), when the screen knows it; else its name. */
  eventTitle?: string;
}

/** One item in full: the photo or the video, with its actions. */
export function MediaViewer({ url, onClose, actions, eventTitle }: MediaViewerProps) {
  const ref = parseMediaPath(url);
  const event = eventTitle || ref?.eventName || '';
  const video = ref !== null && mediaKind(ref.file) === 'video';
  const src = mediaSource(url);
  return (
    <Modal title={video ? 'Vídeo' : 'Foto'} onClose={onClose} hideTitle className="viewer">
      <div className="viewer__media">
        {video ? (
          <video
            src={src}
            poster={ref ? mediaSource(thumbUrl(ref)) : undefined}
            controls
            playsInline
            autoPlay
            loop
            muted
            aria-label={`Vídeo do evento ${event}`}
          />
        ) : (
          <img src={src} alt={`Foto do evento ${event}`} decoding="async" />
        )}
      </div>
      {actions && <div className="viewer__actions">{actions}</div>}
    </Modal>
  );
}
