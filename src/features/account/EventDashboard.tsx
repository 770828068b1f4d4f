import { Link } from 'react-router-dom';
import type { OwnEvent } from '../../../contract/wire';
import { ROUTES } from '../../../contract/routePaths';
import { EventNameForm } from './EventNameForm';
import { CreatedEventTools } from './CreatedEventTools';
import { EventTitleEditor } from './EventTitleEditor';

/** Why nobody sees a suspended event, by what became of its payment. */
const SUSPENDED_TEXT: Record<NonNullable<OwnEvent['suspended']>, string> = {
  refunded:
    'Evento suspenso: o pagamento deste pedido foi estornado. Ninguém vê as fotos do evento enquanto isso; ' +
    'fale com a nossa equipe para resolver.',
  charged_back:
    'Evento suspenso: o pagamento deste pedido foi contestado no cartão. Ninguém vê as fotos do evento ' +
    'enquanto isso; fale com a nossa equipe para resolver.',
};

/** One card per paid order: what was bought, and the event to create or already created (or suspended, and why). */
export function EventDashboard({ events }: { events: OwnEvent[] }) {
  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">Meu Evento</h2>
      <ul className="dashboard">
        {events.map((event) => (
          <li key={event.orderId} className="dashboard__item">
            <h3>{event.createdTitle ?? event.eventName}</h3>
            <ul className="dashboard__products">
              {event.products.map((product) => (
                <li key={product.name}>
                  {product.name}
                  {product.hours > 0 && ` · ${product.hours} h`}
                  {product.accessories.length > 0 && ` · ${product.accessories.map((a) => a.name).join(', ')}`}
                </li>
              ))}
            </ul>
            {event.suspended ? (
              <p role="note" className="dashboard__suspended">
                {SUSPENDED_TEXT[event.suspended]}
              </p>
            ) : event.eventCreated === 1 ? (
              <>
                <p>
                  Evento criado. <Link to={ROUTES.events}>Ver meus eventos</Link>
                </p>
                {event.createdName && (
                  <>
                    <EventTitleEditor eventName={event.createdName} title={event.createdTitle ?? event.createdName} />
                    <CreatedEventTools
                      eventName={event.createdName}
                      title={event.createdTitle}
                      visibility={event.visibility ?? 'public'}
                    />
                  </>
                )}
              </>
            ) : (
              <EventNameForm orderId={event.orderId} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
