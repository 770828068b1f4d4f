import { useId, useState } from 'react';
import { errorMessage } from '../../api/apiError';
import { LoadError } from '../../ui/LoadError';
import type { ModerationFilter } from '../../../contract/wire';
import { LIVE_QUERY } from './dashboardLive';
import { ModerationGrid } from './ModerationGrid';
import { useGetModerationQuery, useSetModerationSettingsMutation } from './moderationApi';

const FILTERS: { filtro: ModerationFilter; label: string }[] = [
  { filtro: 'todas', label: 'Todas' },
  { filtro: 'fila', label: 'Aguardando aprovação' },
  { filtro: 'ocultas', label: 'Ocultas' },
];

/**
 * 'Fotos do evento' in the owner's (and the team's) hands (docs/product.md#moderation): every
 * photo of the booths with 'Ocultar'/'Mostrar', the queue of 'Aprovar antes do telão' and its switches.
 */
export function EventModeration({ eventName }: { eventName: string }) {
  const headingId = useId();
  const [filtro, setFiltro] = useState<ModerationFilter>('todas');
  // The first page of the filter on screen carries the settings and counts: one request for both.
  const { data, isError, refetch } = useGetModerationQuery({ eventName, filtro, antes: null }, LIVE_QUERY);
  const [save, saving] = useSetModerationSettingsMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (wallApproval: boolean, holdGalleries: boolean) => {
    setFailure(null);
    try {
      await save({ eventName, wallApproval, holdGalleries }).unwrap();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const count = (filter: ModerationFilter) =>
    filter === 'fila' ? data?.waiting : filter === 'ocultas' ? data?.hidden : undefined;

  return (
    <section className="moderation" aria-labelledby={headingId}>
      <h4 id={headingId}>Fotos do evento</h4>
      <p>
        Oculte uma foto e ela sai na hora das galerias, do telão, do &quot;Baixar todas&quot;, da busca por rosto e da
        impressão. Você pode mostrá-la de novo quando quiser.
      </p>
      {isError && <LoadError message="Não foi possível carregar as fotos." onRetry={() => void refetch()} />}
      {data && (
        <fieldset className="moderation__settings">
          <legend>Aprovação</legend>
          <label className="event-faces__switch">
            <input
              type="checkbox"
              role="switch"
              checked={data.wallApproval}
              disabled={saving.isLoading}
              onChange={(event) => void change(event.target.checked, data.holdGalleries)}
            />
            Aprovar antes do telão
          </label>
          <p>
            {data.wallApproval
              ? 'As fotos novas só aparecem no telão depois que você aprovar.'
              : 'As fotos novas vão direto para o telão.'}
          </p>
          {data.wallApproval && (
            <label className="event-faces__switch">
              <input
                type="checkbox"
                role="switch"
                checked={data.holdGalleries}
                disabled={saving.isLoading}
                onChange={(event) => void change(true, event.target.checked)}
              />
              Segurar também as galerias dos celulares
            </label>
          )}
          {failure && <p role="alert">Não foi possível mudar a aprovação: {failure}</p>}
        </fieldset>
      )}
      <div className="moderation__filters" role="group" aria-label="Quais fotos mostrar">
        {FILTERS.map(({ filtro: filter, label }) => {
          const n = count(filter);
          return (
            <button
              key={filter}
              type="button"
              className={filter === filtro ? 'button' : 'button button--secondary'}
              aria-pressed={filter === filtro}
              onClick={() => setFiltro(filter)}
            >
              {n === undefined ? label : `${label} (${n.toLocaleString('pt-BR')})`}
            </button>
          );
        })}
      </div>
      <ModerationGrid key={filtro} eventName={eventName} filtro={filtro} />
    </section>
  );
}
