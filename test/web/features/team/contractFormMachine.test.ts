import {
  CONTRACT_MESSAGES,
  emptyContractFields,
  type ContractFields,
} from '../../../../src/features/team/contractFields';
import {
  contractCreated,
  contractFailed,
  contractFormOpened,
  contractFormSlice,
  fieldChanged,
  submitRequested,
  type ContractFormState,
} from '../../../../src/features/team/contractFormSlice';
import { describeMachineGrid } from '../../../support/machineGrid';

const good: ContractFields = {
  partner: 'parceiro_1',
  duration: '30',
  rate: '12,5',
  discount: '10',
  n_coupons: '5',
  kit: 'Kit festa',
};
const payload = { partner: 'parceiro_1', duration: 30, rate: 12.5, discount: 10, kit: 'Kit festa', n_coupons: 5 };
const twoBad: ContractFields = { ...good, duration: '0', rate: '' };
const twoErrors = { duration: CONTRACT_MESSAGES.durationBad, rate: CONTRACT_MESSAGES.rateMissing };
const oneBad: ContractFields = { ...good, duration: '0' };

const states = {
  editing: { status: 'editing', fields: good },
  editingBad: { status: 'editing', fields: twoBad },
  invalid: { status: 'invalid', fields: twoBad, errors: twoErrors },
  invalidOneLeft: { status: 'invalid', fields: oneBad, errors: { duration: CONTRACT_MESSAGES.durationBad } },
  submitting: { status: 'submitting', fields: good, payload },
  done: { status: 'done', message: 'Contract created' },
  failed: { status: 'failed' },
} satisfies Record<string, ContractFormState>;

const events = {
  opened: contractFormOpened(),
  partnerTyped: fieldChanged({ field: 'partner', value: 'novo' }),
  durationTyped: fieldChanged({ field: 'duration', value: '30' }),
  submitRequested: submitRequested(),
  contractCreated: contractCreated('Contract created'),
  contractFailed: contractFailed(),
};

const allMissing = {
  partner: CONTRACT_MESSAGES.partnerMissing,
  duration: CONTRACT_MESSAGES.durationMissing,
  rate: CONTRACT_MESSAGES.rateMissing,
  discount: CONTRACT_MESSAGES.discountMissing,
  n_coupons: CONTRACT_MESSAGES.couponsMissing,
  kit: CONTRACT_MESSAGES.kitMissing,
};

const fresh = { opened: { status: 'editing', fields: emptyContractFields } } as const;

// Per state, the events that move it; every other event leaves it as it is. Opening the screen
// starts an empty form, unless a contract is being sent.
describeMachineGrid(
  'the contract form machine',
  contractFormSlice,
  states as Record<keyof typeof states, ContractFormState>,
  events,
  {
    editing: {
      ...fresh,
      partnerTyped: { status: 'editing', fields: { ...good, partner: 'novo' } },
      durationTyped: { status: 'editing', fields: good },
      submitRequested: { status: 'submitting', fields: good, payload },
    },
    editingBad: {
      ...fresh,
      partnerTyped: { status: 'editing', fields: { ...twoBad, partner: 'novo' } },
      durationTyped: { status: 'editing', fields: { ...twoBad, duration: '30' } },
      submitRequested: { status: 'invalid', fields: twoBad, errors: twoErrors },
    },
    invalid: {
      ...fresh,
      partnerTyped: { status: 'invalid', fields: { ...twoBad, partner: 'novo' }, errors: twoErrors },
      durationTyped: {
        status: 'invalid',
        fields: { ...twoBad, duration: '30' },
        errors: { rate: CONTRACT_MESSAGES.rateMissing },
      },
      submitRequested: { status: 'invalid', fields: twoBad, errors: twoErrors },
    },
    invalidOneLeft: {
      ...fresh,
      partnerTyped: {
        status: 'invalid',
        fields: { ...oneBad, partner: 'novo' },
        errors: { duration: CONTRACT_MESSAGES.durationBad },
      },
      durationTyped: { status: 'editing', fields: good },
      submitRequested: { status: 'invalid', fields: oneBad, errors: { duration: CONTRACT_MESSAGES.durationBad } },
    },
    submitting: {
      contractCreated: { status: 'done', message: 'Contract created' },
      contractFailed: { status: 'failed' },
    },
    // Sent or not, the form is empty again and a new contract starts from scratch.
    done: {
      ...fresh,
      partnerTyped: { status: 'editing', fields: { ...emptyContractFields, partner: 'novo' } },
      durationTyped: { status: 'editing', fields: { ...emptyContractFields, duration: '30' } },
      submitRequested: { status: 'invalid', fields: emptyContractFields, errors: allMissing },
    },
    failed: {
      ...fresh,
      partnerTyped: { status: 'editing', fields: { ...emptyContractFields, partner: 'novo' } },
      durationTyped: { status: 'editing', fields: { ...emptyContractFields, duration: '30' } },
      submitRequested: { status: 'invalid', fields: emptyContractFields, errors: allMissing },
    },
  },
);
