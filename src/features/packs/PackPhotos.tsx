import { useId, useMemo } from 'react';
import { mediaSource } from '../../api/mediaSource';
import { parseMediaPath, thumbUrl } from '../../../contract/mediaPath';
import type { Pack } from '../../../contract/packReply';
import { sortOf } from '../../lib/mediaCount';
import { useSession } from '../../session';
import { DeliveryOffer } from '../delivery';
import { EventLink } from '../events';
import { PrintWidget } from '../print';
import type { EventName } from '../../../contract/names';

/** The photos of `collection` (oldest first) taken at `bname`, newest first: what a pack of that event prints. */
export function photosOfEvent(collection: readonly string[], eventName: EventName): string[] {
  return [...collection]
    .reverse()
    .filter((url) => parseMediaPath(url)?.eventName === eventName && sortOf(url) === 'image');
}

/**
 * The guest's own photos of a pack's event, each with a large 'Imprimir' that prints it with this
 * pack: only what is in their collection (what they collected, and what the booths made
 * for them), never the event's other photos, so nothing here is anyone else's. The event's gallery
 * is one tap away to choose another.
 */
export function PackPhotos({ pack }: { pack: Pack }) {
  const { collection } = useSession();
  const photos = useMemo(() => photosOfEvent(collection, pack.bname), [collection, pack.bname]);
  const headingId = useId();
  const title = pack.title ?? pack.bname;
  const label = `Suas fotos de ${title}`;

  return (
    <section className="pack-photos" aria-labelledby={headingId}>
      <h2 id={headingId} className="pack-photos__title">
        {label}
      </h2>
      {photos.length === 0 ? (
        <p>
          Você ainda não tem fotos deste evento na sua coleção. Abra a galeria do evento, escolha a foto e toque em
          Imprimir.
        </p>
      ) : (
        <ul className="pack-photos__list" aria-label={label}>
          {photos.map((url, index) => {
            const ref = parseMediaPath(url);
            return (
              <li key={url} className="pack-photo">
                {ref && (
                  <img
                    className="pack-photo__image"
                    src={mediaSource(thumbUrl(ref))}
                    alt={`Foto ${index + 1} de ${photos.length}`}
                    width={180}
                    height={180}
                    loading={index < 4 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                )}
                <PrintWidget printId={url} pack={pack} big />
              </li>
            );
          })}
        </ul>
      )}
      <EventLink
        eventName={pack.bname}
        displayTitle={pack.title}
        className="button button--secondary pack-photos__gallery"
      >
        Ver as fotos do evento
      </EventLink>
      <DeliveryOffer eventName={pack.bname} />
    </section>
  );
}
