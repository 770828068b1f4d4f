import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../session';
import {
  CONTRACT_FIELDS,
  firstBadField,
  KIT_MAX_LENGTH,
  PARTNER_MAX_LENGTH,
  validateContract,
  type ContractField,
} from './contractFields';
import './contractFormFlow';
import {
  CONTRACT_FAILED,
  contractFormOpened,
  fieldChanged,
  formFields,
  selectContractForm,
  submitRequested,
} from './contractFormSlice';

type InputMode = 'text' | 'numeric' | 'decimal';

const FIELD_LABELS: Record<ContractField, { label: string; inputMode: InputMode; maxLength?: number }> = {
  partner: { label: 'Partner name', inputMode: 'text', maxLength: PARTNER_MAX_LENGTH },
  duration: { label: 'Contract duration (days)', inputMode: 'numeric' },
  rate: { label: 'Commission (%)', inputMode: 'decimal' },
  discount: { label: 'Discount (%)', inputMode: 'decimal' },
  n_coupons: { label: 'Number of coupons', inputMode: 'numeric' },
  kit: { label: 'Kit', inputMode: 'text', maxLength: KIT_MAX_LENGTH },
};

/**
 * A new partner contract (docs/product.md#team): six required fields, checked before sending,
 * as the machine says (contractFormSlice; the call is the flow's, contractFormFlow.ts).
 */
export function ContractForm() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectContractForm);
  const formId = useId();
  const inputs = useRef<Partial<Record<ContractField, HTMLInputElement | null>>>({});
  const fields = formFields(state);
  const errors = state.status === 'invalid' ? state.errors : {};
  const submitting = state.status === 'submitting';

  useEffect(() => {
    dispatch(contractFormOpened());
  }, [dispatch]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    dispatch(submitRequested());
    // The machine refuses what validateContract refuses; the keyboard goes to the first such field.
    const check = validateContract(fields);
    const first = check.ok ? undefined : firstBadField(check.errors);
    if (first) inputs.current[first]?.focus();
  };

  return (
    <form className="team-form" noValidate aria-busy={submitting} onSubmit={submit}>
      {CONTRACT_FIELDS.map((field) => {
        const { label, inputMode, maxLength } = FIELD_LABELS[field];
        const id = `${formId}-${field}`;
        const error = errors[field];
        return (
          <div key={field} className={error ? 'field field--error' : 'field'}>
            <label htmlFor={id}>{label}</label>
            <input
              id={id}
              ref={(element) => {
                inputs.current[field] = element;
              }}
              type="text"
              inputMode={inputMode}
              autoComplete="off"
              required
              maxLength={maxLength}
              value={fields[field]}
              disabled={submitting}
              aria-invalid={error !== undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => dispatch(fieldChanged({ field, value: e.target.value }))}
            />
            {error && (
              <span id={`${id}-error`} className="field__message">
                {error}
              </span>
            )}
          </div>
        );
      })}
      <button type="submit" className="button" disabled={submitting}>
        Submit
      </button>
      <p role="status" className="team-form__status">
        {submitting && 'Sending...'}
        {state.status === 'done' && state.message}
        {state.status === 'failed' && CONTRACT_FAILED}
      </p>
    </form>
  );
}
