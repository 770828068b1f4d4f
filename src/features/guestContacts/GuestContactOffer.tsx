import './guestContacts.css';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorCode, errorMessage } from '../../api/apiError';
import { ROUTES } from '../../../contract/routePaths';
import { ConsentAgreement } from './ConsentAgreement';
import { ContactFieldset, type ContactValue } from './ContactFieldset';
import { contactProblem, contactRequest } from './contactForm';
import { useGetContactOfferQuery, useLeaveContactMutation } from './guestContactsApi';

/**
 * 'Quero receber as fotos' on the collect and face pages (docs/privacy.md#guests-contacts): only
 * when the event's owner turned it on; the consent text is the server's, word for word, and its
 * hash goes with the contact. 'Concordo com este texto' is off until the guest ticks it (named apart from
 * the face search's own 'Concordo', which the face page shows too).
 */
export function GuestContactOffer({ eventName }: { eventName: string }) {
  const { data: offer } = useGetContactOfferQuery(eventName);
  const [open, setOpen] = useState(false);
  if (!offer?.offered) return null;
  if (offer.left) {
    return (
      <section className="guest-contact" aria-label="Receber as fotos">
        <p role="status">
          Pronto: vamos te enviar as fotos de {offer.title}. Para retirar o consentimento, vá em{' '}
          <Link to={ROUTES.privacy}>Privacidade e seus dados</Link>.
        </p>
      </section>
    );
  }
  return (
    <section className="guest-contact" aria-label="Receber as fotos">
      {open ? (
        <ContactForm eventName={eventName} text={offer.text} textHash={offer.textHash} />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          Quero receber as fotos
        </button>
      )}
    </section>
  );
}

function ContactForm({ eventName, text, textHash }: { eventName: string; text: string; textHash: string }) {
  const ids = { heading: useId(), text: useId() };
  const [contact, setContact] = useState<ContactValue>({ name: '', channel: 'whatsapp', address: '' });
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [leave, leaving] = useLeaveContactMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = { ...contact, agreed };
    const found = contactProblem(fields);
    setProblem(found);
    if (found) return;
    try {
      await leave({ eventName, ...contactRequest(fields, textHash) }).unwrap();
    } catch (error) {
      // A text changed meanwhile comes back with the offer, asked again: the guest reads it and agrees again.
      if (apiErrorCode(error) === 'consent_changed') setAgreed(false);
      setProblem(errorMessage(error));
    }
  };

  return (
    <form
      className="guest-contact__form"
      aria-labelledby={ids.heading}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 id={ids.heading}>Quero receber as fotos</h2>
      <ContactFieldset value={contact} onChange={setContact} />
      <ConsentAgreement id={ids.text} text={text} agreed={agreed} onChange={setAgreed} />
      {problem && <p role="alert">{problem}</p>}
      <button type="submit" className="button" disabled={leaving.isLoading}>
        {leaving.isLoading ? 'Enviando...' : 'Enviar'}
      </button>
    </form>
  );
}
