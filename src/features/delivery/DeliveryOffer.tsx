import './delivery.css';
import { useState } from 'react';
import { errorMessage } from '../../api/apiError';
import type { DeliverySubscription } from '../../../contract/wire';
import { formatDay } from '../../lib/dates';
import { useGetDeliveryOfferQuery, useStopDeliveryMutation } from './deliveryApi';
import { SubscribeForm } from './SubscribeForm';

/** What a subscription sends, in the guest's words. */
export function whatIsSent(subscription: Pick<DeliverySubscription, 'faceMatches'>): string {
  const photos = subscription.faceMatches
    ? 'cada foto que você coletar e cada foto nova em que a busca pelo rosto encontrar você'
    : 'cada foto que você coletar';
  return `${photos} e, no fim do evento, o link da sua coleção e da galeria`;
}

const where = (subscription: DeliverySubscription) =>
  `${subscription.channel === 'whatsapp' ? 'no seu WhatsApp' : 'no seu e-mail'} ${subscription.maskedAddress}`;

/**
 * 'Receber minhas fotos' on the collect, face and pack pages (docs/product.md#photos-delivered): shown while the
 * event's owner has delivery on; once subscribed, what was done, where it goes (the address masked: a screen may be
 * seen over a shoulder) and 'Parar de receber', honoured at once.
 */
export function DeliveryOffer({ eventName }: { eventName: string }) {
  const { data: offer } = useGetDeliveryOfferQuery(eventName);
  const [open, setOpen] = useState(false);
  const [stop, stopping] = useStopDeliveryMutation();
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  if (!offer || (!offer.offered && !offer.subscription)) return null;

  const stopNow = async () => {
    setSaid(null);
    try {
      await stop(eventName).unwrap();
      setOpen(false);
      setSaid({ text: `Pronto: você não vai mais receber as fotos de ${offer.title}.`, failed: false });
    } catch (error) {
      setSaid({ text: `Não foi possível parar: ${errorMessage(error)}`, failed: true });
    }
  };

  const { subscription } = offer;
  return (
    <section className="guest-contact delivery" aria-label="Receber minhas fotos">
      {subscription ? (
        <div className="delivery__subscribed">
          <p role="status">
            {offer.offered
              ? `Pronto, ${subscription.name}: as fotos de ${offer.title} vão chegar ${where(subscription)}.`
              : `Quem organiza ${offer.title} desligou o envio: nada está sendo enviado ${where(subscription)}.`}
          </p>
          <p>
            Você vai receber {whatIsSent(subscription)}, até {formatDay(subscription.until)}. Cada mensagem traz um link
            para parar.
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={stopping.isLoading}
            onClick={() => void stopNow()}
          >
            {stopping.isLoading ? 'Parando...' : 'Parar de receber'}
          </button>
        </div>
      ) : open ? (
        <SubscribeForm eventName={eventName} offer={offer} />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          Receber minhas fotos
        </button>
      )}
      {said?.failed && <p role="alert">{said.text}</p>}
      {said && !said.failed && !subscription && <p role="status">{said.text}</p>}
    </section>
  );
}
