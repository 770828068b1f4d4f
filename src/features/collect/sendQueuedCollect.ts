import { mediaKind, parseMediaPath } from '../../../contract/mediaPath';
import type { QueuedCollect } from '../../lib/offlineQueue';
import { collectLinkOpened, type SendOutcome, type SenderApi } from '../../session';
import { headMedia } from './collectApi';

/** What the guest reads when a collect made offline names media the server does not have. */
export function missingMessage(url: string): string {
  const ref = parseMediaPath(url);
  const video = ref !== null && mediaKind(ref.file) === 'video';
  return (
    `${video ? 'Este vídeo não foi encontrado' : 'Esta foto não foi encontrada'}: confira o link do QR code. ` +
    `Nada foi adicionado à sua coleção.`
  );
}

/** What the guest reads of a photo the event's host hid (docs/product.md#moderation): no error, a choice of theirs. */
export function hiddenMessage(url: string): string {
  const ref = parseMediaPath(url);
  const video = ref !== null && mediaKind(ref.file) === 'video';
  return (
    `Quem organiza o evento preferiu não mostrar ${video ? 'este vídeo' : 'esta foto'}. ` +
    'As outras fotos do evento continuam na galeria. Nada foi adicionado à sua coleção.'
  );
}

/** A file of a link-only or private event, asked for without a login that opens it. */
export const LOCKED_MESSAGE =
  'Este evento é privado. Faça login para coletar esta foto. Nada foi adicionado à sua coleção.';

/**
 * A collect of the offline queue: the media is checked now that the server can answer, and only
 * media that exists is collected (into the collection, and a signed-in visitor's account), as
 * the collect screen does online.
 */
export async function sendQueuedCollect(item: QueuedCollect, { dispatch }: SenderApi): Promise<SendOutcome> {
  const presence = await headMedia(item.url);
  if (presence === 'missing') return { result: 'refused', message: missingMessage(item.url) };
  if (presence === 'hidden') return { result: 'refused', message: hiddenMessage(item.url) };
  if (presence === 'locked') return { result: 'refused', message: LOCKED_MESSAGE };
  if (presence !== 'found') return { result: 'retry' };
  dispatch(collectLinkOpened({ url: item.url, eventName: item.bname }));
  return { result: 'sent' };
}
