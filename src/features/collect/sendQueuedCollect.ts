import { apiErrorCode, apiErrorServerMessage, apiErrorStatus } from '../../api/apiError';
import { mediaKind, parseMediaPath } from '../../../contract/mediaPath';
import type { QueuedCollect } from '../../lib/offlineQueue';
import { collectLinkOpened, type SendOutcome, type SenderApi } from '../../session';
import { collectedApi, worthRetrying } from './collectedApi';

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

/** What the server's refusal of a collect (docs/api.md#collects-in-the-app) means for the guest. */
function refusalMessage(url: string, error: unknown): string {
  const code = apiErrorCode(error);
  if (code === 'media_hidden') return hiddenMessage(url);
  if (code === 'media_login_required' || apiErrorStatus(error) === 401) return LOCKED_MESSAGE;
  if (apiErrorStatus(error) === 404) return missingMessage(url);
  return apiErrorServerMessage(error) ?? missingMessage(url);
}

/**
 * A collect of the offline queue, told to the server now that it can answer: it checks the media as the collect
 * screen's check does online (only media that exists, that this visitor may see, not hidden), and does what a
 * collect does there (the delivery to a subscribed guest, the party's count). Once it has it, the photo joins the
 * collection (and a signed-in visitor's account); a refusal is the queue's, no answer a retry.
 */
export async function sendQueuedCollect(item: QueuedCollect, { dispatch }: SenderApi): Promise<SendOutcome> {
  const result = await dispatch(collectedApi.endpoints.tellCollected.initiate(item.url));
  const collected = (): SendOutcome => {
    dispatch(collectLinkOpened({ url: item.url, eventName: item.bname, told: true }));
    return { result: 'sent' };
  };
  if ('error' in result) {
    // An agent refused again after a try under the one the server gave: this browser keeps no agent (its cookies
    // blocked or cleared), so no try will be vouched for. The photo is the guest's all the same, as it was before
    // the server was told of collects: it joins the collection here, and the queue goes on.
    if (apiErrorCode(result.error) === 'agent_not_vouched' && item.attempts >= 1) return collected();
    if (worthRetrying(result.error)) return { result: 'retry' };
    return { result: 'refused', message: refusalMessage(item.url, result.error) };
  }
  return collected();
}
