import { mediaKind, mimeOf } from '../../../contract/mediaPath';

export const SHARE_HINT = 'TOQUE NA IMAGEM E MANTENHA PRESSIONADO PARA COMPARTILHAR OU BAIXAR';
export const IOS_CHROME_VIDEO = 'Não é possível baixar vídeos no Chrome para iOS. Por favor, use o Safari.';

/** Chrome on iPhone or iPad cannot save videos (docs/product.md#collect). */
export function isIosChrome(userAgent: string): boolean {
  return /CriOS\//.test(userAgent);
}

/** Whether the browser can share files (Web Share API level 2, as phones do for WhatsApp). */
export function canShareFiles(nav: Navigator, fileName: string): boolean {
  if (typeof nav.canShare !== 'function' || typeof File === 'undefined') return false;
  try {
    return nav.canShare({ files: [new File([new Uint8Array(1)], fileName, { type: mimeOf(fileName) })] });
  } catch {
    return false;
  }
}

export type ShareOutcome = 'shared' | 'cancelled' | 'hint' | 'ios-chrome-video';

/**
 * Shares the media file itself where the browser can; elsewhere the spec's long-press hint.
 * `file` is fetched ahead of the tap: a share must start within the tap's user activation.
 */
export async function shareMedia(nav: Navigator, fileName: string, file: File | null): Promise<ShareOutcome> {
  if (mediaKind(fileName) === 'video' && isIosChrome(nav.userAgent)) return 'ios-chrome-video';
  if (!file || !canShareFiles(nav, fileName)) return 'hint';
  try {
    await nav.share({ files: [file] });
    return 'shared';
  } catch (error) {
    // Closing the share sheet is not an error the visitor needs to hear about.
    return (error as DOMException)?.name === 'AbortError' ? 'cancelled' : 'hint';
  }
}
