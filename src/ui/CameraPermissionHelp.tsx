import './cameraPermissionHelp.css';
import { useId } from 'react';

type Platform = 'android' | 'ios';

interface Steps {
  platform: Platform;
  title: string;
  steps: readonly string[];
}

const ANDROID: Steps = {
  platform: 'android',
  title: 'No Android (Chrome)',
  steps: [
    'Toque no ícone à esquerda do endereço do site, no alto da tela (cadeado ou ajustes).',
    'Toque em Permissões e ligue a Câmera (ou escolha Permitir).',
    'Volte para esta página e toque em Tentar novamente.',
    'Se a câmera não aparecer ali: abra as Configurações do celular, Apps, Chrome, Permissões, Câmera, e ' +
      'escolha Permitir.',
  ],
};

const IOS: Steps = {
  platform: 'ios',
  title: 'No iPhone (Safari)',
  steps: [
    'Toque em aA (ou no ícone de ajustes) ao lado do endereço do site.',
    'Toque em Ajustes do Site, depois em Câmera, e escolha Permitir.',
    'Recarregue a página e toque em Tentar novamente.',
    'Se continuar bloqueada: abra os Ajustes do iPhone, Safari (no iOS 18, Apps e depois Safari), Câmera, e ' +
      'escolha Permitir.',
  ],
};

/** The phone's system, read from its browser's description: its steps come first. */
function platformOf(userAgent: string): Platform | null {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return null;
}

/**
 * How to let the site use the camera again after it was refused, on the two phones guests carry:
 * a refusal is remembered by the browser, and 'Tentar novamente' alone cannot ask again. The
 * guest's own system first.
 */
export function CameraPermissionHelp({
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
}: {
  userAgent?: string;
}) {
  const id = useId();
  const mine = platformOf(userAgent);
  const ordered = mine === 'ios' ? [IOS, ANDROID] : [ANDROID, IOS];
  return (
    <div className="camera-help">
      <p>A câmera foi bloqueada para este site. Para liberar:</p>
      {ordered.map(({ platform, title, steps }) => (
        <section key={platform} className="camera-help__platform" aria-labelledby={`${id}-${platform}`}>
          <h3 id={`${id}-${platform}`} className="camera-help__title">
            {title}
          </h3>
          <ol className="camera-help__steps">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
