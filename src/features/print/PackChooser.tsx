import { useAppDispatch, useSession, useValidatePacksQuery } from '../../session';
import { packChosen } from './printSlice';

/** The packs of the visitor (cookie packs, validated by the server) to print with. */
export function PackChooser({ busy, error }: { busy: boolean; error: string | null }) {
  const dispatch = useAppDispatch();
  const { packs: hashes } = useSession();
  const { data: packs, isLoading, isError } = useValidatePacksQuery(hashes, { skip: hashes.length === 0 });

  if (hashes.length === 0 || (packs && packs.length === 0)) {
    return (
      <div className="print__empty">
        <p>Você não possui pacotes</p>
        <p>Escaneie o qrcode ou acesse o link do seu pacote</p>
      </div>
    );
  }
  if (isLoading) return <p role="status">Carregando...</p>;
  if (isError || !packs) return <p role="alert">Não foi possível carregar seus pacotes. Tente novamente.</p>;

  return (
    <div className="print__packs">
      <h3>Selecione o pack de impressões</h3>
      {error && <p role="alert">{error}</p>}
      <ul className="print__list">
        {packs.map((pack) => (
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
