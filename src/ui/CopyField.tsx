import { useId, useRef, type ReactNode } from 'react';
import { useCopy } from './clipboard';

interface CopyFieldProps {
  label: string;
  value: string;
  /** The copy button's text. */
  copyLabel: string;
  /** What the status line says once copied. */
  copiedText: string;
  /** What the status line says when the browser refused the copy (the value is selected instead to copy by hand). */
  notCopiedText?: string;
  /** Called when the browser refused the copy, beside the selection. */
  onNotCopied?: () => void;
  /** A line under the field (what to do with the value). */
  note?: ReactNode;
  className?: string;
}

/** A value to copy (a link, a key): read-only, selected on focus, with its own copy button and a status line. */
export function CopyField({
  label,
  value,
  copyLabel,
  copiedText,
  notCopiedText,
  onNotCopied,
  note,
  className,
}: CopyFieldProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const { copied, copy } = useCopy();
  const copyValue = async () => {
    if (await copy(value)) return;
    field.current?.select();
    onNotCopied?.();
  };
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="invitation-link__row">
        <input
          id={id}
          ref={field}
          type="text"
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--secondary" onClick={() => void copyValue()}>
          {copyLabel}
        </button>
      </div>
      {note && <p className="field__message">{note}</p>}
      <span role="status" className="field__message">
        {copied === true && copiedText}
        {copied === false && notCopiedText}
      </span>
    </div>
  );
}
