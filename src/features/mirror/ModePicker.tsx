import { errorMessage } from '../../api/apiError';
import { useAppDispatch } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { ChoiceCard } from './ChoiceCard';
import { useMirrorModesQuery, type MirrorSession } from './mirrorApi';
import { MirrorStep } from './MirrorStep';
import { customChosen, modeChosen } from './mirrorSlice';

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
              onChoose={() => dispatch(modeChosen(mode.title))}
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
