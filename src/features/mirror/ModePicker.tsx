import { errorMessage } from '../../api/apiSlice';
import { useAppDispatch } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { ChoiceCard } from './ChoiceCard';
import { useMirrorModesQuery, type MirrorSession } from './mirrorApi';
import { chooseMode } from './mirrorFlow';
import { MirrorStep } from './MirrorStep';
import { customChosen } from './mirrorSlice';

interface ModePickerProps {
  session: MirrorSession;
  /** The mode being sent, while it is. */
  sending: string | null;
  error: string | null;
}

/** 'Escolha o modo': the mirror's AI types, plus a prompt of the guest's own. */
export function ModePicker({ session, sending, error }: ModePickerProps) {
  const dispatch = useAppDispatch();
  const { data: modes, isLoading, error: loadError, refetch } = useMirrorModesQuery(session);

  return (
    <MirrorStep title="Escolha o modo">
      {error && <p role="alert">{error}</p>}
      {isLoading && <p role="status">Carregando...</p>}
      {loadError && !modes && <LoadError message={errorMessage(loadError)} onRetry={() => void refetch()} />}
      {!isLoading && (
        <ul className="mirror-cards">
          {modes?.map((mode) => (
            <ChoiceCard
              key={mode.title}
              title={mode.title}
              description={mode.description}
              icon={mode.icon}
              background={mode.background}
              disabled={sending !== null}
              onChoose={() => void dispatch(chooseMode(mode.title))}
            />
          ))}
          <ChoiceCard
            title="Custom Prompt"
            description="Escreva a sua própria mágica."
            disabled={sending !== null}
            onChoose={() => dispatch(customChosen())}
          />
        </ul>
      )}
      {sending !== null && <p role="status">Enviando...</p>}
    </MirrorStep>
  );
}
