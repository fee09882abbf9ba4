import Honeypot from '../components/forms/Honeypot.tsx';
import LeadFields from '../components/forms/LeadFields.tsx';
import { useLeadSubmit } from '../components/forms/use-lead-submit.ts';
import type { AscDepartment } from '../lib/analytics/asc.ts';
import { contactForm } from '../lib/leads/contact.ts';
import { withStoreChoice, type Option } from '../lib/leads/form.ts';
import { describeVehicle, INQUIRY_FIELDS, isInterest, LIMITS, validateInquiry, type VehicleCatalog } from '../lib/leads/inquiry.ts';

/** docs/product.md §Errors: the server's error text, else these. */
export const SUBMIT_FAILED = 'Failed to submit contact form';
export const SEND_FAILED = 'Failed to send message. Please try again.';

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', interest: 'sales', message: '', store: '' };

interface Props {
  /** Brands and units, to name the vehicle a prefilled link is about. */
  catalog: VehicleCatalog;
  /** With several stores, the stores to choose from, the main store first (docs/product.md §Stores). */
  stores?: readonly Option[];
}

const DEPARTMENTS: Readonly<Record<string, AscDepartment>> = { sales: 'sales', service: 'service', parts: 'parts', general: 'general' };

/**
 * The Send Us a Message form (docs/product.md §Contact, §Inquiry, §Errors). Its server render is a plain form that posts
 * to /api/contact, so it works with JavaScript off; hydrated, it validates with the shared
 * schema, prefills from ?interest=&vehicle=&message=, and sends through the one submit path.
 */
export default function ContactForm({ catalog, stores }: Props) {
  const form = withStoreChoice(contactForm, stores);
  const { values, errors, change, submit, sending, source, honeypot } = useLeadSubmit({
    endpoint: '/api/contact',
    prefix: contactForm.prefix,
    order: INQUIRY_FIELDS,
    initial: { ...EMPTY, store: stores?.[0]?.value ?? '' },
    prepare: (current) => {
      const result = validateInquiry(current);
      return result.ok ? { ok: true, body: { ...result.inquiry, ...(current.store ? { store: current.store } : {}) } } : { ok: false, errors: result.errors };
    },
    recheck: (current) => {
      const result = validateInquiry(current);
      return result.ok ? {} : result.errors;
    },
    analytics: (current) => ({ name: 'contact', type: 'contact', department: DEPARTMENTS[current.interest] ?? 'sales' }),
    texts: { submitFailed: SUBMIT_FAILED, sendFailed: SEND_FAILED },
    fromAddress: (params, set) => {
      const interest = params.get('interest');
      const message = params.get('message');
      set((current) => ({ ...current, ...(isInterest(interest) ? { interest } : {}), ...(message ? { message: message.slice(0, LIMITS.message) } : {}) }));
      return { vehicle: params.get('vehicle') ?? undefined };
    },
  });
  const vehicle = source.vehicle ? describeVehicle(source.vehicle, catalog) : undefined;

  return (
    <form method="post" action="/api/contact" noValidate onSubmit={submit} className="grid gap-5" aria-describedby="contact-form-note">
      <p id="contact-form-note" className="text-sm text-slate-700">
        All fields are required.
      </p>
      {vehicle && (
        <p className="rounded-lg bg-brand-50 px-4 py-3 text-brand-900">
          You are asking about the <strong>{vehicle.label}</strong>.
        </p>
      )}
      <LeadFields form={form} values={values} errors={errors} onChange={change} />
      <Honeypot prefix="contact" inputRef={honeypot} />
      <div>
        <button type="submit" className="btn btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto" disabled={sending}>
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
