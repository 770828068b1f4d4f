import { useId, useState, type KeyboardEvent } from 'react';

interface NumberStepperProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** The '−' and '+' buttons' names ('Menos uma hora', 'Mais uma hora'). */
  decreaseLabel: string;
  increaseLabel: string;
}

/**
 * A whole number between min and max: a labelled number input between '−' and '+'. A value typed
 * within the bounds counts at once; anything else is kept as typed until the field is left (or
 * Enter), then handed over to be brought within the bounds (the cart clamps it).
 */
export function NumberStepper({ label, value, min, max, onChange, decreaseLabel, increaseLabel }: NumberStepperProps) {
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const typed = Number(draft);
    if (draft.trim() !== '' && Number.isFinite(typed)) onChange(typed);
    setDraft(null);
  };
  const type = (text: string) => {
    const typed = Number(text);
    if (text.trim() !== '' && Number.isInteger(typed) && typed >= min && typed <= max) {
      onChange(typed);
      setDraft(null);
    } else setDraft(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
  };

  return (
    <div className="stepper">
      <label htmlFor={inputId} className="stepper__label">
        {label}
      </label>
      <div className="stepper__controls">
        <button
          type="button"
          className="stepper__button"
          aria-label={decreaseLabel}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <input
          id={inputId}
          className="stepper__input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={draft ?? String(value)}
          onChange={(event) => type(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label={increaseLabel}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
