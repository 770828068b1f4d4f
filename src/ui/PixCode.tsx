import './pixCode.css';
import { Suspense, useId } from 'react';
import { useCopy } from './clipboard';
import { LazyPixQrCode } from './lazyPixQrCode';

const PIX_COPIED = 'Chave copiada para a área de transferência';
const PIX_NOT_COPIED = 'Não foi possível copiar. Selecione o código e copie manualmente.';

interface PixCodeProps {
  code: string;
  /** What the QR code is, for those who cannot see it. */
  qrLabel: string;
  copyLabel: string;
}

/**
 * A Pix code to pay: its QR code (its own chunk), its copy-and-paste text and a copy button whose
 * outcome is said where the button is (a live region), for the checkout and the account alike.
 */
export function PixCode({ code, qrLabel, copyLabel }: PixCodeProps) {
  const codeId = useId();
  const { copied, copy } = useCopy();
  return (
    <div className="pix">
      <div className="pix__qr">
        <Suspense fallback={<div className="pix__qr-placeholder" aria-hidden="true" />}>
          <LazyPixQrCode value={code} label={qrLabel} />
        </Suspense>
      </div>
      <label htmlFor={codeId} className="pix__label">
        Pix copia e cola
      </label>
      <textarea
        id={codeId}
        className="pix__code"
        readOnly
        rows={4}
        value={code}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" className="button button--secondary" onClick={() => void copy(code)}>
        {copyLabel}
      </button>
      <p role="status" className="pix__copied">
        {copied === true && PIX_COPIED}
        {copied === false && PIX_NOT_COPIED}
      </p>
    </div>
  );
}
