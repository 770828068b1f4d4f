import './delivery.css';
import { useId, useState, type FormEvent } from 'react';
import { MAX_DELIVERY_CAP } from '../../../contract/delivery';
import { errorMessage } from '../../api/apiError';
import { LoadError } from '../../ui/LoadError';
import { capReachedText, deliveryFigureCards } from './deliveryFigures';
import { PartyEnd } from './PartyEnd';
import { deliveryListsApi, useGetEventDeliveryQuery, useSetEventDeliveryMutation } from './deliveryListsApi';

/** How the dashboard follows the party (its polling options), handed down by it. */
export interface LiveQuery {
  pollingInterval: number;
  skipPollingIfUnfocused: boolean;
  refetchOnFocus: boolean;
}

const NUMBER = new Intl.NumberFormat('pt-BR');

/** The cap as typed, or null when it is no whole number the server takes. */
function capTyped(typed: string): number | null {
  if (!/^\d{1,6}$/.test(typed.trim())) return null;
  const cap = Number(typed.trim());
  return cap <= MAX_DELIVERY_CAP ? cap : null;
}

/**
 * 'Fotos por WhatsApp ou e-mail' in the owner's (and the team's) hands (docs/product.md#photos-delivered): off by
 * default; on, the collect, face and pack pages offer 'Receber minhas fotos'. The cap bounds what the event spends on
 * messages; the figures follow the party while it is on.
 */
export function EventDelivery({ eventName, live }: { eventName: string; live: LiveQuery }) {
  const ids = { heading: useId(), cap: useId(), capHelp: useId() };
  const on = deliveryListsApi.endpoints.getEventDelivery.useQueryState(eventName).data?.enabled === true;
  const { data, isError, refetch } = useGetEventDeliveryQuery(eventName, on ? live : { pollingInterval: 0 });
  const [save, saving] = useSetEventDeliveryMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (enabled: boolean, cap: number) => {
    setFailure(null);
    try {
      await save({ eventName, enabled, cap }).unwrap();
      setDraft(null);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const saveCap = (event: FormEvent) => {
    event.preventDefault();
    const cap = capTyped(draft ?? '');
    if (cap === null) {
      setFailure(`Escreva um número de 0 a ${NUMBER.format(MAX_DELIVERY_CAP)}.`);
      return;
    }
    void change(data?.enabled ?? false, cap);
  };

  return (
    <section className="event-delivery" aria-labelledby={ids.heading}>
      <h4 id={ids.heading}>Fotos por WhatsApp ou e-mail</h4>
      <p>
        Ligado, quem coleta uma foto, procura as suas fotos pelo rosto ou abre um pack pode pedir para receber as fotos
        no WhatsApp ou no e-mail, aceitando um texto que diz o que é enviado, até quando e como parar (LGPD). Desligado,
        nada é oferecido nem enviado.
      </p>
      {isError && <LoadError message="Não foi possível ver o envio das fotos." onRetry={() => void refetch()} />}
      {data && (
        <>
          <label className="event-delivery__switch">
            <input
              type="checkbox"
              role="switch"
              checked={data.enabled}
              disabled={saving.isLoading}
              onChange={(event) => void change(event.target.checked, data.cap)}
            />
            Enviar as fotos aos convidados {data.enabled ? '(ligado)' : '(desligado)'}
          </label>
          <form className="event-delivery__cap" onSubmit={saveCap} noValidate>
            <div className="field">
              <label className="field__label" htmlFor={ids.cap}>
                Limite de mensagens neste evento
              </label>
              <input
                id={ids.cap}
                type="text"
                inputMode="numeric"
                value={draft ?? String(data.cap)}
                aria-describedby={ids.capHelp}
                onChange={(event) => setDraft(event.target.value)}
              />
            </div>
            <button type="submit" className="button button--secondary" disabled={saving.isLoading || draft === null}>
              Salvar limite
            </button>
            <p id={ids.capHelp} className="event-delivery__help">
              Cada envio a um convidado é uma mensagem (várias fotos de uma vez vão numa só), e no WhatsApp cada
              mensagem tem custo. Passado o limite, nada mais é enviado, e os números abaixo dizem quantas ficaram de
              fora. 0 não envia nada.
            </p>
          </form>
          {data.figures.capReached && <p className="event-delivery__cap-reached">{capReachedText(data.cap)}</p>}
          <dl className="event-delivery__figures">
            {deliveryFigureCards(data.figures).map((figure) => (
              <div key={figure.label} className="event-delivery__figure">
                <dt>{figure.label}</dt>
                <dd>{NUMBER.format(figure.value)}</dd>
              </div>
            ))}
          </dl>
          {(data.enabled || data.endedAt) && <PartyEnd eventName={eventName} endedAt={data.endedAt} />}
        </>
      )}
      {failure && <p role="alert">Não foi possível mudar o envio das fotos: {failure}</p>}
    </section>
  );
}
