import { MediaViewer } from '../../ui/gallery/MediaViewer';
import { MediaActions } from './MediaActions';

/** A gallery item opened in full, with its share and print actions under it. */
export default function ItemViewer({
  url,
  onClose,
  eventTitle,
}: {
  url: string;
  onClose: () => void;
  eventTitle?: string;
}) {
  return <MediaViewer url={url} onClose={onClose} eventTitle={eventTitle} actions={<MediaActions url={url} />} />;
}
