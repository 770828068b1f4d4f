import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../api/apiError';
import { useGetEventAccessQuery, useRevokeEventAccessMutation } from './accountApi';
import { CopyField } from '../../ui/CopyField';
import { LoadError } from '../../ui/LoadError';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import type { EventVisibility } from '../../../contract/wire';
import type { EventName } from '../../../contract/names';

// qrcode.react in a chunk of its own, loaded once a new link is there to show.
const LinkQrCode = lazy(() => import(/* webpackChunkName: "qrcode" */ './LinkQrCode'));

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type Outcome = { kind: 'revoked'; publicId: string } | { kind: 'failed'; message: string } | null;

/** What the owner reads of the wall once the access is taken. */
const WALL_NOTE =
  'O telão aberto na sua conta segue sozinho, com QR codes que funcionam; uma TV aberta por link do telão ' +
  'precisa de um link novo (em Telão).';

/** The event's link as guests open it (`/eventos/evento?id=`: its booths, once signed in). */
const eventLink = (publicId: string) => `${window.location.origin}${withQuery(ROUTES.event, { id: publicId })}`;

/**
 * Who may see a link-only or private event besides its owner and the team (the guests who were
 * there, server/src/modules/access/eventAccess.ts): how many, never who; and the owner's way to take it
 * from every guest at once, after a confirmation (the event's link changes, and the collect
 * links already handed out no longer open it). A link-only event's new link lets guests in again,
 * and is shown to send; a private event's lets nobody in (docs/api.md#who-may-see-an-event):
 * the owner is told how its guests come back instead.
 */
export function EventGuestAccess({
  eventName,
  visibility,
}: {
  eventName: EventName;
  visibility: Exclude<EventVisibility, 'public'>;
}) {
  const { data, isError, refetch } = useGetEventAccessQuery(eventName);
  const [revoke, { isLoading }] = useRevokeEventAccessMutation();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const confirm = async () => {
    setOutcome(null);
    try {
      const { publicId } = await revoke(eventName).unwrap();
      setOutcome({ kind: 'revoked', publicId });
    } catch (error) {
      setOutcome({ kind: 'failed', message: errorMessage(error) });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className="guest-access" aria-label={`Convidados com acesso a ${eventName}`}>
      {data && (
        <p>
          Têm acesso às fotos, além de você e da equipe: {counted(data.agents, 'aparelho', 'aparelhos')} e{' '}
          {counted(data.accounts, 'conta', 'contas')} de convidados.
        </p>
      )}
      {isError && <LoadError message="Não foi possível ver quem tem acesso." onRetry={() => void refetch()} />}
      {confirming ? (
        <div role="group" aria-label="Confirmar" className="guest-access__confirm">
          <p>
            Tirar o acesso de todos os convidados? O link do evento muda, e os links de fotos já entregues deixam de
            abrir o evento. Você e a equipe continuam vendo tudo.
          </p>
          <div className="guest-access__buttons">
            <button type="button" className="button" disabled={isLoading} onClick={() => void confirm()}>
              {isLoading ? 'Tirando...' : 'Sim, tirar o acesso'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={isLoading}
              onClick={() => setConfirming(false)}
            >
              Cancelar
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setOutcome(null);
            setConfirming(true);
          }}
        >
          Tirar o acesso de todos
        </button>
      )}
      <p role="status">
        {outcome?.kind !== 'revoked'
          ? ''
          : visibility === 'link'
            ? 'Acesso retirado de todos os convidados. O link do evento mudou.'
            : 'Acesso retirado de todos os convidados.'}
      </p>
      {outcome?.kind === 'revoked' && visibility === 'private' && (
        <div className="guest-access__new-link">
          <p>
            Num evento privado, o link do evento não dá acesso a ninguém. Os convidados voltam a ver as fotos, com
            login, ao escanear um QR code do telão ou da cabine, ou ao abrir o link de uma foto tirada a partir de
            agora.
          </p>
          <p>{WALL_NOTE}</p>
        </div>
      )}
      {outcome?.kind === 'revoked' && visibility === 'link' && (
        <div className="guest-access__new-link">
          <CopyField
            label="Novo link do evento"
            value={eventLink(outcome.publicId)}
            copyLabel="Copiar link"
            copiedText="Novo link do evento copiado."
            note={`Envie só a quem deve ver as fotos. ${WALL_NOTE}`}
          />
          <Suspense fallback={null}>
            <LinkQrCode value={eventLink(outcome.publicId)} label="QR code do novo link do evento" />
          </Suspense>
        </div>
      )}
      {outcome?.kind === 'failed' && <p role="alert">Não foi possível tirar o acesso: {outcome.message}</p>}
    </section>
  );
}
