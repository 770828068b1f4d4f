import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ContractPayload } from '../../../contract/wire';
import { rootReducer } from '../../session';
import {
  emptyContractFields,
  validateContract,
  type ContractErrors,
  type ContractField,
  type ContractFields,
} from './contractFields';

/**
 * The team's contract form (docs/product.md#team) as a state machine: editing -> submitting
 * -> done or failed, or, on a submit with a bad field, invalid with a message per field. Done and
 * failed show an empty form (it is cleared in both cases), ready for the next contract.
 */
export type ContractFormState =
  | { status: 'editing'; fields: ContractFields }
  | { status: 'invalid'; fields: ContractFields; errors: ContractErrors }
  | { status: 'submitting'; fields: ContractFields; payload: ContractPayload }
  | { status: 'done'; message: string }
  | { status: 'failed' };

const initialContractFormState = { status: 'editing', fields: emptyContractFields } as ContractFormState;

/** What the form shows: the typed values, or an empty form once a contract was sent. */
export function formFields(state: ContractFormState): ContractFields {
  return state.status === 'done' || state.status === 'failed' ? emptyContractFields : state.fields;
}

const contractFormMachine = createSlice({
  name: 'contractForm',
  initialState: initialContractFormState,
  reducers: {
    /** The screen opened: an empty form, unless a contract is being sent (the call decides). */
    contractFormOpened: (state): ContractFormState =>
      state.status === 'submitting' ? state : initialContractFormState,
    fieldChanged: (state, action: PayloadAction<{ field: ContractField; value: string }>): ContractFormState => {
      if (state.status === 'submitting') return state;
      const { field, value } = action.payload;
      const fields = { ...formFields(state), [field]: value };
      if (state.status !== 'invalid') return { status: 'editing', fields };
      // The field being corrected loses its message; the others keep theirs until the next submit.
      const errors = { ...state.errors };
      delete errors[field];
      return Object.keys(errors).length > 0 ? { status: 'invalid', fields, errors } : { status: 'editing', fields };
    },
    submitRequested: (state): ContractFormState => {
      if (state.status === 'submitting') return state;
      const fields = formFields(state);
      const check = validateContract(fields);
      return check.ok
        ? { status: 'submitting', fields, payload: check.payload }
        : { status: 'invalid', fields, errors: check.errors };
    },
    contractCreated: (state, action: PayloadAction<string>): ContractFormState =>
      state.status === 'submitting' ? { status: 'done', message: action.payload } : state,
    contractFailed: (state): ContractFormState => (state.status === 'submitting' ? { status: 'failed' } : state),
  },
  selectors: {
    selectContractForm: (state) => state,
  },
});

declare module '../../session' {
  interface LazyLoadedSlices extends WithSlice<typeof contractFormMachine> {}
}

/** Injected into the store when this feature's code loads. */
export const contractFormSlice = contractFormMachine.injectInto(rootReducer);

export const { contractFormOpened, fieldChanged, submitRequested, contractCreated, contractFailed } =
  contractFormSlice.actions;
export const { selectContractForm } = contractFormSlice.selectors;

export const CONTRACT_FAILED = 'There was an error creating the contract.';
