import { useId, useReducer, useRef, type FormEvent } from 'react';
import { notify } from '../../ui/notify';
import { CONTRACT_FIELDS, firstBadField, KIT_MAX_LENGTH, PARTNER_MAX_LENGTH, validateContract, type ContractField } from './contractFields';
import {
  CONTRACT_FAILED,
  contractCreated,
  contractFailed,
  contractFormSlice,
  fieldChanged,
  formFields,
  initialContractFormState,
  submitRequested,
} from './contractFormSlice';
import { useCreateContractMutation } from './teamApi';

type InputMode = 'text' | 'numeric' | 'decimal';

const FIELD_LABELS: Record<ContractField, { label: string; inputMode: InputMode; maxLength?: number }> = {
  partner: { label: 'Partner name', inputMode: 'text', maxLength: PARTNER_MAX_LENGTH },
  duration: { label: 'Contract duration (days)', inputMode: 'numeric' },
  rate: { label: 'Commission (%)', inputMode: 'decimal' },
  discount: { label: 'Discount (%)', inputMode: 'decimal' },
  n_coupons: { label: 'Number of coupons', inputMode: 'numeric' },
  kit: { label: 'Kit', inputMode: 'text', maxLength: KIT_MAX_LENGTH },
};

/** A new partner contract (SPEC sections 2, 5 and 8): six required fields, checked before sending. */
export function ContractForm() {
  const [state, dispatch] = useReducer(contractFormSlice.reducer, initialContractFormState);
  const [createContract] = useCreateContractMutation();
  const formId = useId();
  const inputs = useRef<Partial<Record<ContractField, HTMLInputElement | null>>>({});
  const fields = formFields(state);
  const errors = state.status === 'invalid' ? state.errors : {};
  const submitting = state.status === 'submitting';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const check = validateContract(fields);
    dispatch(submitRequested());
    if (!check.ok) {
      const first = firstBadField(check.errors);
      if (first) inputs.current[first]?.focus();
      return;
    }
    try {
      const { message } = await createContract(check.payload).unwrap();
      dispatch(contractCreated(message));
      notify(message);
    } catch {
      dispatch(contractFailed());
      notify(CONTRACT_FAILED);
    }
  };

  return (
    <form className="team-form" noValidate aria-busy={submitting} onSubmit={(event) => void submit(event)}>
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
