import { useEffect, useRef } from 'react';
import type { DeliveryOffer, DeliverySubscription } from '../../../contract/wire';
import { formatDay } from '../../lib/dates';

/** What a subscription sends, in the guest's words. */
export function whatIsSent(subscription: Pick<DeliverySubscription, 'faceMatches'>): string {
  const photos = subscription.faceMatches
    ? 'cada foto que você coletar e cada foto nova em que a busca pelo rosto encontrar você'
    : 'cada foto que você coletar';
  return `${photos} e, no fim do evento, o link da galeria do evento`;
}

const where = (subscription: DeliverySubscription) =>
  `${subscription.channel === 'whatsapp' ? 'no seu WhatsApp' : 'no seu e-mail'} ${subscription.maskedAddress}`;

/**
 * A guest subscribed: what was done, where it goes (the address masked: a screen may be seen over a shoulder), until
 * when, and 'Parar de receber'. Just subscribed, it takes the focus: the form the guest sent went away.
 */
export function DeliverySubscribed({
  offer,
  subscription,
  focus,
  stopping,
  onStop,
}: {
  offer: DeliveryOffer;
  subscription: DeliverySubscription;
  focus: boolean;
  stopping: boolean;
  onStop: () => void;
}) {
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) said.current?.focus();
  }, [focus]);
  return (
    <div className="delivery__subscribed">
      <p role="status" ref={said} tabIndex={-1}>
        {offer.offered
          ? `Pronto, ${subscription.name}: as fotos de ${offer.title} vão chegar ${where(subscription)}.`
          : `Quem organiza ${offer.title} desligou o envio: nada está sendo enviado ${where(subscription)}.`}
      </p>
      <p>
        Você vai receber {whatIsSent(subscription)}, até {formatDay(subscription.until)}. Cada mensagem traz um link
        para parar.
      </p>
      <button type="button" className="button button--secondary" disabled={stopping} onClick={onStop}>
        {stopping ? 'Parando...' : 'Parar de receber'}
      </button>
    </div>
  );
}
