import { counted, countedMedia, sortOf } from '../../lib/mediaCount';
import { SHARE_ALL_MAX } from '../../ui/share/shareFiles';

export const photos = (n: number) => counted(n, 'image');

/**
 * What a share hands over, said true: the newest photos when there are more than one share takes,
 * how many did not load, and what is no photo (a video, a GIF) and stays out.
 */
export function readyText(urls: readonly string[], ready: number): string {
  const allPhotos = urls.filter((url) => sortOf(url) === 'image').length;
  const wanted = Math.min(allPhotos, SHARE_ALL_MAX);
  const others = urls.filter((url) => sortOf(url) !== 'image');
  const first =
    ready < wanted
      ? `${ready} de ${photos(wanted)} ${ready === 1 ? 'está pronta' : 'estão prontas'}: as outras não carregaram.`
      : allPhotos > SHARE_ALL_MAX
        ? `As ${photos(ready)} mais recentes estão prontas.`
        : ready === 1
          ? 'A foto está pronta.'
          : `As ${photos(ready)} estão prontas.`;
  if (others.length === 0) return first;
  const one = others.length === 1;
  const left = countedMedia(others);
  return (
    `${first} ${left.charAt(0).toUpperCase()}${left.slice(1)} ${one ? 'fica' : 'ficam'} de fora: só fotos vão ` +
    `para o compartilhamento. ${one ? 'Baixe-o' : 'Baixe-os'} com 'Baixar todas'.`
  );
}
