import { errorMessage } from '../../api/apiError';
import { useAppDispatch } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { Modal } from '../../ui/Modal';
import { ChoiceCard } from './ChoiceCard';
import { useMirrorPromptsQuery, type MirrorSession } from './mirrorApi';
import { MirrorStep } from './MirrorStep';
import { modesReopened, scenarioChosen, scenarioConfirmed, scenarioDeclined } from './mirrorSlice';

interface ScenarioPickerProps {
  session: MirrorSession;
  mode: string;
  error: string | null;
  /** The scenario awaiting 'Sim' or 'Não', and whether 'Sim' is being sent. */
  confirming: { scenario: string; sending: boolean } | null;
}

/** 'Escolha a mágica': the scenarios of the chosen mode, each confirmed before it is sent. */
export function ScenarioPicker({ session, mode, error, confirming }: ScenarioPickerProps) {
  const dispatch = useAppDispatch();
  const { data: scenarios, isLoading, error: loadError, refetch } = useMirrorPromptsQuery({ ...session, mode });

  return (
    <MirrorStep title="Escolha a mágica">
      {error && <p role="alert">{error}</p>}
      {isLoading && <p role="status">Carregando...</p>}
      {loadError && !scenarios && <LoadError message={errorMessage(loadError)} onRetry={() => void refetch()} />}
      {scenarios && (
        <ul className="mirror-cards">
          {scenarios.map((scenario) => (
            <ChoiceCard
              key={scenario.title}
              title={scenario.title}
              icon={scenario.icon}
              background={scenario.background}
              onChoose={() => dispatch(scenarioChosen(scenario.title))}
            />
          ))}
        </ul>
      )}
      <button type="button" className="link-button" onClick={() => dispatch(modesReopened())}>
        Voltar aos modos
      </button>
      {confirming && (
        <Modal title="Confirma a escolha?" onClose={() => dispatch(scenarioDeclined())}>
          <p className="mirror-confirm__choice">{confirming.scenario}</p>
          <div className="mirror-confirm__actions">
            <button
              type="button"
              className="button"
              disabled={confirming.sending}
              onClick={() => dispatch(scenarioConfirmed())}
            >
              Sim
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={confirming.sending}
              onClick={() => dispatch(scenarioDeclined())}
            >
              Não
            </button>
          </div>
          {confirming.sending && <p role="status">Enviando...</p>}
        </Modal>
      )}
    </MirrorStep>
  );
}
