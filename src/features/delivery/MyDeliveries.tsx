import './delivery.css';
import { useState } from 'react';
import { isAgentId } from '../../../contract/agentId';
import { errorMessage } from '../../api/apiError';
import { formatDay, formatMoment } from '../../lib/dates';
import { useSession } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { useEraseDeliveryMutation, useGetMyDeliveriesQuery } from './deliveryListsApi';
import type { MyDelivery } from '../../../contract/wire';
import { addressText, messageText } from './messageText';

/** Where the photos go and until when; or, once stopped, since when nothing more is sent. */
function deliveryText(delivery: MyDelivery) {
  const title = <strong>{delivery.title}</strong>;
  if (delivery.stopped) {
    const when = delivery.stoppedAt ? ` em ${formatMoment(delivery.stoppedAt)}` : '';
    return (
      <>
        {title}: você parou de receber{when}. Nada mais será enviado; as mensagens já enviadas continuam aqui até você
        apagar ou até o fim do prazo do evento.
      </>
    );
  }
  return (
    <>
      {title}: {delivery.name}, {addressText(delivery.channel, delivery.address)}. Pedido em{' '}
      {formatMoment(delivery.subscribedAt)}, até {formatDay(delivery.until)}.
    </>
  );
}

/**
 * The privacy page's 'Fotos por WhatsApp ou e-mail' (docs/privacy.md): each event this browser asked to receive photos
 * from, where they go and until when, every message sent with its date, and 'Apagar', which stops the sending and
 * erases the subscription and its messages at once; an event whose sending was stopped, with the stop's date, while
 * its messages are kept.
 */
export function MyDeliveries() {
  const { agent } = useSession();
  const deliveries = useGetMyDeliveriesQuery(agent, { skip: !isAgentId(agent) });
  const [erase, erasing] = useEraseDeliveryMutation();
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);

  const eraseOne = async (eventName: string, title: string) => {
    setSaid(null);
    try {
      await erase({ agent, eventName }).unwrap();
      setSaid({ text: `Apagado: você não recebe mais as fotos de ${title}.`, failed: false });
    } catch (error) {
      setSaid({ text: `Não foi possível apagar: ${errorMessage(error)}`, failed: true });
    }
  };

  return (
    <section className="privacy__section" aria-labelledby="privacy-deliveries">
      <h2 id="privacy-deliveries">Fotos por WhatsApp ou e-mail</h2>
      <p>
        Quando você pede para receber as fotos de um evento (&ldquo;Receber minhas fotos&rdquo;), guardamos seu nome, o
        WhatsApp ou e-mail e as mensagens que enviamos, só para isso, até o fim do prazo do evento. Apagar aqui para o
        envio na hora.
      </p>
      {deliveries.isError && (
        <LoadError message="Não foi possível ver os seus envios de fotos." onRetry={() => void deliveries.refetch()} />
      )}
      {deliveries.data?.length === 0 && <p>Você não pediu para receber fotos de nenhum evento.</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <ul className="my-deliveries">
          {deliveries.data.map((delivery) => (
            <li key={delivery.bname}>
              <p>{deliveryText(delivery)}</p>
              {delivery.messages.length === 0 ? (
                <p>Nenhuma mensagem enviada ainda.</p>
              ) : (
                <ul className="my-deliveries__messages" aria-label={`Mensagens de ${delivery.title}`}>
                  {delivery.messages.map((message, index) => (
                    <li key={`${message.at}-${index}`}>{messageText(message)}</li>
                  ))}
                </ul>
              )}
              <button
                type="button"
                className="button button--secondary"
                disabled={erasing.isLoading}
                aria-label={`Apagar o envio de fotos de ${delivery.title}`}
                onClick={() => void eraseOne(delivery.bname, delivery.title)}
              >
                Apagar
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
