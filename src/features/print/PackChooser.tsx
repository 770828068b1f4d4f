import { apiErrorStatus } from '../../api/apiError';
import { useAppDispatch, useSession, useValidatePacksQuery } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { packChosen } from './printSlice';

/** What the guest reads when the packs did not load: no connection (venue Wi-Fi, most often), or the server. */
function loadProblem(error: unknown): string {
  const status = apiErrorStatus(error);
  const offline =
    status === 'FETCH_ERROR' ||
    status === 'TIMEOUT_ERROR' ||
    (typeof navigator !== 'undefined' && navigator.onLine === false);
  return offline
    ? 'Sem conexão: não foi possível carregar seus packs. Eles aparecem aqui quando a conexão voltar.'
    : 'Não foi possível carregar seus packs agora.';
}

/**
 * The packs of the visitor (cookie packs, validated by the server) to print with, or the one pack
 * `only` names (the pack page's). A list that did not load offers to ask again, and asks by
 * itself when the connection returns.
 */
export function PackChooser({ busy, error, only }: { busy: boolean; error: string | null; only?: string }) {
  const dispatch = useAppDispatch();
  const { packs: hashes } = useSession();
  const {
    data: packs,
    isLoading,
    isFetching,
    isError,
    error: loadError,
    refetch,
  } = useValidatePacksQuery(hashes, { skip: hashes.length === 0, refetchOnReconnect: true });

  if (hashes.length === 0 || (packs && packs.length === 0)) {
    return (
      <div className="print__empty">
        <p>Você não possui pacotes</p>
        <p>Escaneie o qrcode ou acesse o link do seu pacote</p>
      </div>
    );
  }
  if (isLoading || (isError && isFetching)) return <p role="status">Carregando...</p>;
  if (isError || !packs) return <LoadError message={loadProblem(loadError)} onRetry={() => void refetch()} />;

  return (
    <div className="print__packs">
      <h3>Selecione o pack de impressões</h3>
      {error && <p role="alert">{error}</p>}
      <ul className="print__list">
        {packs
          .filter((pack) => only === undefined || pack.hash === only)
          .map((pack) => (
            <li key={pack.hash}>
              <button type="button" className="print__pack" disabled={busy} onClick={() => dispatch(packChosen(pack))}>
                <span className="print__hash">{pack.hash}</span>
                <span className="print__copies">{pack.copies === 1 ? '1 cópia' : `${pack.copies} cópias`}</span>
              </button>
            </li>
          ))}
      </ul>
      {busy && <p role="status">Enviando para a impressora...</p>}
    </div>
  );
}
