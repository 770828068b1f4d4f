import './guestContacts.css';
import { useState } from 'react';
import { isAgentId } from '../../../contract/agentId';
import { errorMessage } from '../../api/apiError';
import { formatMoment } from '../../lib/dates';
import { useSession } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { contactAddress } from './contactAddress';
import { useGetMyContactsQuery, useWithdrawContactMutation } from './contactListsApi';

/**
 * The privacy page's 'Contatos para receber fotos' (docs/privacy.md#guests-contacts): what this
 * browser left at each event, and 'Retirar consentimento', which deletes it on the server at once.
 */
export function MyContacts() {
  const { agent } = useSession();
  const contacts = useGetMyContactsQuery(agent, { skip: !isAgentId(agent) });
  const [withdraw, withdrawing] = useWithdrawContactMutation();
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);

  const takeBack = async (eventName: string, title: string) => {
    setSaid(null);
    try {
      await withdraw({ agent, eventName }).unwrap();
      setSaid({ text: `Consentimento retirado: seu contato em ${title} foi apagado.`, failed: false });
    } catch (error) {
      setSaid({ text: `Não foi possível retirar o consentimento: ${errorMessage(error)}`, failed: true });
    }
  };

  return (
    <section className="privacy__section" aria-labelledby="privacy-contacts">
      <h2 id="privacy-contacts">Contatos para receber fotos</h2>
      <p>
        Quando você pede para receber as fotos de um evento, guardamos seu nome e o WhatsApp ou e-mail que você
        informou, só para isso, pelo tempo que o texto que você aceitou diz. Você pode retirar o consentimento aqui: o
        contato é apagado na hora.
      </p>
      {contacts.isError && (
        <LoadError message="Não foi possível ver os seus contatos." onRetry={() => void contacts.refetch()} />
      )}
      {contacts.data?.length === 0 && <p>Você não deixou contato em nenhum evento.</p>}
      {contacts.data && contacts.data.length > 0 && (
        <ul className="guest-contacts__list">
          {contacts.data.map((contact) => (
            <li key={contact.bname}>
              <span>
                <strong>{contact.title}</strong>: {contact.name}, {contactAddress(contact)}. Guardado até{' '}
                {formatMoment(contact.expiresAt)}.
              </span>
              <button
                type="button"
                className="button button--secondary"
                disabled={withdrawing.isLoading}
                aria-label={`Retirar consentimento de ${contact.title}`}
                onClick={() => void takeBack(contact.bname, contact.title)}
              >
                Retirar consentimento
              </button>
            </li>
          ))}
        </ul>
      )}
      {said?.failed && <p role="alert">{said.text}</p>}
      {said && !said.failed && <p role="status">{said.text}</p>}
    </section>
  );
}
