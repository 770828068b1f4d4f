import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../session';
import { MirrorStep } from './MirrorStep';
import { MIRROR_PROMPT_MAX_LENGTH } from '../../../contract/protocol';
import { customSubmitted, modesReopened, promptText } from './mirrorSlice';

interface CustomPromptProps {
  /** The text to start from (the one sent, when sending it failed). */
  draft: string;
  sending: boolean;
  error: string | null;
}

/** 'Digite o prompt': a prompt of the guest's own, sent as the custom mode and then as the prompt. */
export function CustomPrompt({ draft, sending, error }: CustomPromptProps) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState(draft);
  const empty = promptText(text) === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty) dispatch(customSubmitted(text));
  };

  return (
    <MirrorStep title="Digite o prompt">
      <form className="mirror-prompt" onSubmit={submit}>
        <label className="field">
          Digite o prompt
          <textarea
            value={text}
            maxLength={MIRROR_PROMPT_MAX_LENGTH}
            rows={4}
            required
            readOnly={sending}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        {error && <p role="alert">{error}</p>}
        <div className="mirror-prompt__actions">
          <button type="submit" className="button" disabled={sending || empty}>
            Enviar
          </button>
          <button type="button" className="link-button" disabled={sending} onClick={() => dispatch(modesReopened())}>
            Voltar aos modos
          </button>
        </div>
        {sending && <p role="status">Enviando...</p>}
      </form>
    </MirrorStep>
  );
}
