import './delivery.css';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/apiError';
import { useGetDeliveryOfferQuery, useStopDeliveryMutation } from './deliveryApi';
import { DeliverySubscribed } from './DeliverySubscribed';
import { SubscribeForm } from './SubscribeForm';

/**
 * 'Receber minhas fotos' on the collect, face and pack pages (docs/product.md#photos-delivered): shown while the
 * event's owner has delivery on (or while the guest is subscribed, to stop); the form once asked for; once
 * subscribed, what was done and 'Parar de receber', honoured at once. What replaces the button the guest pressed takes
 * the focus, so that a keyboard or a screen reader goes on from there.
 */
export function DeliveryOffer({ eventName }: { eventName: string }) {
  const { data: offer } = useGetDeliveryOfferQuery(eventName);
  const [open, setOpen] = useState(false);
  const [stop, stopping] = useStopDeliveryMutation();
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  const saidRef = useRef<HTMLParagraphElement>(null);
  // A stop is said once the offer, asked again, has no subscription left: the focus goes there then.
  const subscribed = Boolean(offer?.subscription);
  useEffect(() => {
    if (said) saidRef.current?.focus();
  }, [said, subscribed]);
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
        <DeliverySubscribed
          offer={offer}
          subscription={subscription}
          focus={open}
          stopping={stopping.isLoading}
          onStop={() => void stopNow()}
        />
      ) : open ? (
        <SubscribeForm eventName={eventName} offer={offer} />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          Receber minhas fotos
        </button>
      )}
      {said?.failed && (
        <p role="alert" ref={saidRef} tabIndex={-1}>
          {said.text}
        </p>
      )}
      {said && !said.failed && !subscription && (
        <p role="status" ref={saidRef} tabIndex={-1}>
          {said.text}
        </p>
      )}
    </section>
  );
}
