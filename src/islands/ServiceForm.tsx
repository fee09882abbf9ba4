import { useRef } from 'react';
import LeadForm from '../components/forms/LeadForm.tsx';
import { withStoreChoice, type Option } from '../lib/leads/form.ts';
import { SERVICE_FIELDS, serviceForm, validateService } from '../lib/leads/service.ts';
import options from 'island-data:service-options';

export const SUBMIT_FAILED = 'Failed to submit service request';
export const SEND_FAILED = 'Failed to send service request. Please try again.';

interface Props {
  now: number;
  /** With several stores, the stores to choose from, the main store first (docs/product.md §Stores). */
  stores?: readonly Option[];
}

/** What a service card of /services fills in (its link carries ?service=<card id>). */
const SERVICE_CARDS: Readonly<Record<string, { problems: string[]; note?: string }>> = {
  'battery-services': { problems: ['battery'] },
  'custom-modifications': { problems: ['other'], note: 'Custom modifications: ' },
  'warranty-service': { problems: ['other'], note: 'Warranty service: ' },
};

const EMPTY = {
  make: '',
  makeOther: '',
  model: '',
  year: '',
  problems: [] as string[],
  note: '',
  day1: '',
  day2: '',
  time: '',
  handoff: 'drop-off',
  town: '',
  address: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
};

/**
 * Schedule Service (docs/product.md §Services): the cart, what is wrong, two preferred days and a
 * time in the service hours, drop-off or pick-up (the town's fee is in its choice). A service
 * card's link (?service=battery-services) ticks its box. Its hours and towns come with its script.
 */
export default function ServiceForm({ now, stores }: Props) {
  // With several stores the store follows the pick-up town to its nearest, until the visitor chooses one.
  const chosen = useRef(false);
  const follow = (next: typeof EMPTY & { store?: string }, name: string) => {
    if (name === 'store') chosen.current = true;
    const nearest = options.places.find((place) => place.slug === next.town)?.stores?.[0]?.store;
    return name === 'town' && nearest && !chosen.current ? { ...next, store: nearest } : next;
  };
  return (
    <LeadForm
      form={withStoreChoice(serviceForm(options, now), stores)}
      endpoint="/api/service-request"
      order={SERVICE_FIELDS}
      initial={stores ? { ...EMPTY, store: stores[0]?.value ?? '' } : EMPTY}
      {...(stores ? { follow } : {})}
      validate={(values) => validateService(values, options, Date.now())}
      analytics={{ name: 'service_appointment', type: 'service', department: 'service' }}
      texts={{ submitFailed: SUBMIT_FAILED, sendFailed: SEND_FAILED }}
      submitLabel="Request Appointment"
      fromAddress={(params, set) => {
        const preset = SERVICE_CARDS[params.get('service') ?? ''];
        if (preset) set((current) => ({ ...current, ...preset }));
      }}
    />
  );
}
