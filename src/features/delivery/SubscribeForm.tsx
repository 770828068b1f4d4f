import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { apiErrorCode, errorMessage } from '../../api/apiError';
import type { DeliveryOffer } from '../../../contract/wire';
import { ConsentAgreement, ContactFieldset, contactProblem, type ContactValue } from '../guestContacts';
import { useSubscribeMutation } from './deliveryApi';

/**
 * 'Receber minhas fotos' (docs/product.md#photos-delivered): the contact's fields of guests' contacts, what will be
 * sent, the server's consent text word for word and 'Concordo com este texto', off until the guest ticks it. The photos
 * a face is found in are asked for apart, and only when the server offers them (a face search made with consent).
 */
export function SubscribeForm({ eventName, offer }: { eventName: string; offer: DeliveryOffer }) {
  const ids = { heading: useId(), text: useId() };
  const [contact, setContact] = useState<ContactValue>({ name: '', channel: 'whatsapp', address: '' });
  const [faceMatches, setFaceMatches] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [subscribe, subscribing] = useSubscribeMutation();
  // Opened by the guest's tap on the button it replaces: the focus goes on from its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = contactProblem({ ...contact, agreed });
    setProblem(found);
    if (found) return;
    try {
      await subscribe({
        eventName,
        name: contact.name.trim(),
        channel: contact.channel,
        address: contact.address.trim(),
        consent: offer.textHash,
        faceMatches: offer.faceMatchesOffered && faceMatches,
      }).unwrap();
    } catch (error) {
      // A text changed meanwhile comes back with the offer, asked again: the guest reads it and agrees again.
      if (apiErrorCode(error) === 'consent_changed') setAgreed(false);
      setProblem(errorMessage(error));
    }
  };

  return (
    <form
      className="guest-contact__form delivery__form"
      aria-labelledby={ids.heading}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 id={ids.heading} ref={heading} tabIndex={-1}>
        Receber minhas fotos
      </h2>
      <p>As fotos chegam no seu WhatsApp ou e-mail, sem você precisar voltar aqui. Você vai receber:</p>
      <ul className="delivery__what">
        <li>cada foto que você coletar a partir de agora;</li>
        {offer.faceMatchesOffered && (
          <li>
            <label className="choice">
              <input type="checkbox" checked={faceMatches} onChange={(event) => setFaceMatches(event.target.checked)} />
              também cada foto nova em que a busca pelo rosto encontrar você
            </label>
          </li>
        )}
        <li>no fim do evento, uma mensagem com o link da galeria do evento.</li>
      </ul>
      <ContactFieldset value={contact} onChange={setContact} />
      <ConsentAgreement id={ids.text} text={offer.text} agreed={agreed} onChange={setAgreed} />
      {problem && <p role="alert">{problem}</p>}
      <button type="submit" className="button" disabled={subscribing.isLoading}>
        {subscribing.isLoading ? 'Enviando...' : 'Receber minhas fotos'}
      </button>
    </form>
  );
}
