import { useId } from 'react';
import { FocusedStep } from '../../ui/FocusedStep';

interface FaceConsentProps {
  agreed: boolean;
  onChange: (agreed: boolean) => void;
  onGiven: () => void;
}

/**
 * The consent a face search needs (LGPD art. 11: a face is biometric data, a sensitive personal
 * datum): what is done with the selfie, for how long, and how to delete it; 'Concordo' is off
 * until the guest ticks it, and the camera opens only after.
 */
export function FaceConsent({ agreed, onChange, onGiven }: FaceConsentProps) {
  const textId = useId();
  return (
    <FocusedStep title="Antes da selfie" className="face__consent">
      <div id={textId}>
        <p>
          Com uma selfie, procuramos você nas fotos dos eventos em que você esteve. O seu rosto é um dado biométrico, um
          dado pessoal sensível (LGPD, art. 11): só o usamos com o seu consentimento, e só para esta busca.
        </p>
        <ul>
          <li>
            <strong>O que fazemos:</strong> transformamos a selfie em números que descrevem o rosto e os comparamos com
            os rostos das fotos do evento. A imagem da selfie é apagada na hora: nunca é guardada.
          </li>
          <li>
            <strong>Por quanto tempo:</strong> esses números ficam guardados por 24 horas no máximo, para você ver as
            fotos novas quando voltar aqui.
          </li>
          <li>
            <strong>Como apagar:</strong> toque em &quot;Apagar minhas fotos&quot;, aqui mesmo, quando quiser. Apagamos
            na hora.
          </li>
          <li>
            Se preferir não aparecer nas buscas de outros convidados, toque em &quot;Não me mostre&quot; depois da
            selfie: aí guardamos esses números só para tirar dos resultados deles as fotos em que você aparece, até você
            pedir para voltar a aparecer (no máximo 394 dias).
          </li>
        </ul>
      </div>
      <label className="face__agree">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={textId}
        />
        Concordo
      </label>
      <button type="button" className="button button--big" disabled={!agreed} onClick={onGiven}>
        Abrir a câmera
      </button>
    </FocusedStep>
  );
}
