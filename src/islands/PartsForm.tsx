import LeadForm from '../components/forms/LeadForm.tsx';
import { withStoreChoice, type Option } from '../lib/leads/form.ts';
import { PARTS_FIELDS, partsForm, validateParts } from '../lib/leads/parts.ts';

export const SUBMIT_FAILED = 'Failed to submit parts request';
export const SEND_FAILED = 'Failed to send parts request. Please try again.';

interface Props {
  now: number;
  /** With several stores, the stores to choose from, the main store first (docs/product.md §Stores). */
  stores?: readonly Option[];
}

const EMPTY = {
  part: '',
  partNumber: '',
  quantity: '1',
  make: '',
  makeOther: '',
  model: '',
  year: '',
  note: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
};

/** Request a Part (docs/product.md §Services): the part, the cart, how many, an optional photo; for the parts department. */
export default function PartsForm({ now, stores }: Props) {
  return (
    <LeadForm
      form={withStoreChoice(partsForm(now), stores)}
      endpoint="/api/parts-request"
      order={PARTS_FIELDS}
      initial={stores ? { ...EMPTY, store: stores[0]?.value ?? '' } : EMPTY}
      validate={(values) => validateParts(values, now)}
      analytics={{ name: 'parts_request', type: 'parts', department: 'parts' }}
      texts={{ submitFailed: SUBMIT_FAILED, sendFailed: SEND_FAILED }}
      photoForm="parts"
      submitLabel="Send Parts Request"
    />
  );
}
