import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/apiError';
import { CopyField } from '../../ui/CopyField';
import { wallPage } from '../../../contract/wall';
import { useGetWallLinkQuery, useRenewWallLinkMutation, useRevokeWallLinkMutation } from './accountApi';
import { LoadError } from '../../ui/LoadError';
import type { EventName } from '../../../contract/names';

type Outcome = { kind: 'made' | 'revoked' } | { kind: 'failed'; message: string } | null;

const OUTCOME_TEXT = {
  made: 'Link do telão pronto. O link anterior, se havia, parou de abrir o telão.',
  revoked: 'Link do telão revogado: nenhuma TV abre mais o telão por ele.',
};

/**
 * The event's live wall, in its owner's hands: open it from here (the owner and the
 * team need no link), and for a screen that is not signed in, the link to give it. A public
 * event's wall is open like its galleries; any other needs the wall link, which the owner makes,
 * changes and revokes.
 */
export function EventWall({ eventName }: { eventName: EventName }) {
  const { data, isError, refetch } = useGetWallLinkQuery(eventName);
  const [renew, renewing] = useRenewWallLinkMutation();
  const [revoke, revoking] = useRevokeWallLinkMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const busy = renewing.isLoading || revoking.isLoading;

  const act = async (what: 'made' | 'revoked') => {
    setOutcome(null);
    try {
      await (what === 'made' ? renew(eventName) : revoke(eventName)).unwrap();
      setOutcome({ kind: what });
    } catch (error) {
      setOutcome({ kind: 'failed', message: errorMessage(error) });
    }
  };

  const link =
    data &&
    (data.visibility === 'public' ? wallPage(data.publicId) : data.key ? wallPage(data.publicId, data.key) : null);
  return (
    <section className="event-wall" aria-labelledby={`telao-${eventName}`}>
      <h4 id={`telao-${eventName}`}>Telão</h4>
      <p>
        As fotos da festa ao vivo numa TV ou num projetor, cada uma com o QR code para os convidados coletarem pelo
        celular.
      </p>
      {isError && <LoadError message="Não foi possível carregar o telão." onRetry={() => void refetch()} />}
      {data && (
        <>
          <Link className="button" to={wallPage(data.publicId)} target="_blank" rel="noopener">
            Abrir o telão
          </Link>
          {link ? (
            <CopyField
              label="Link do telão para a TV"
              value={`${window.location.origin}${link}`}
              copyLabel="Copiar link"
              copiedText="Link do telão copiado."
              note={
                data.visibility === 'public'
                  ? 'Evento público: qualquer pessoa com este link vê o telão.'
                  : 'Quem tem este link vê o telão e as fotos nele.'
              }
            />
          ) : (
            <p>
              O evento não é público: para abrir o telão numa TV sem entrar na sua conta, crie um link do telão. Você
              pode revogá-lo quando quiser.
            </p>
          )}
          {data.visibility !== 'public' && (
            <div className="event-wall__buttons">
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void act('made')}
              >
                {data.key ? 'Trocar o link do telão' : 'Criar link do telão'}
              </button>
              {data.key && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() => void act('revoked')}
                >
                  Revogar o link do telão
                </button>
              )}
            </div>
          )}
        </>
      )}
      <p role="status">{outcome && outcome.kind !== 'failed' ? OUTCOME_TEXT[outcome.kind] : ''}</p>
      {outcome?.kind === 'failed' && <p role="alert">Não foi possível mudar o link do telão: {outcome.message}</p>}
    </section>
  );
}
