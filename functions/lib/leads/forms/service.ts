import { makeName } from '../../../../src/lib/leads/cart-fields.ts';
import { serviceOptions } from '../../../../src/lib/data/service-request.ts';
import { UTM_FIELDS } from '../../../../src/lib/leads/inquiry.ts';
import { SERVICE_FIELDS, SERVICE_PROBLEMS, serviceForm, validateService, type ServiceRequest } from '../../../../src/lib/leads/service.ts';
import { visitorInquiry, type IntakeForm } from '../intake.ts';
import { optionLabel, withStoreChoice } from '../../../../src/lib/leads/form.ts';
import { storeOptions } from '../../../../src/lib/data/stores.ts';
import { cartText, dayText } from '../details.ts';

/** A service appointment request (docs/product.md §Services) through the one intake: the service department. */
export const serviceIntake: IntakeForm<ServiceRequest> = {
  id: 'service',
  what: 'a service appointment request',
  noun: 'request',
  conflictNoun: 'request',
  fields: SERVICE_FIELDS,
  jsonFieldErrors: true,
  validate: (fields, now) => validateService(fields, serviceOptions, now),
  lead: ({ input, days, place, fee }) => {
    const cart = { make: makeName(input.make, input.makeOther), ...(input.model ? { model: input.model } : {}), ...(input.year ? { year: input.year } : {}) };
    const problems = input.problems.map((problem) => optionLabel(SERVICE_PROBLEMS, problem).toLowerCase());
    const summary = `Service appointment request: ${cartText(cart)}, ${problems.join(', ')}; ${days.map(dayText).join(' or ')}.`;
    return {
      inquiry: visitorInquiry(input, 'service', summary, input.note),
      record: {
        service: {
          cart,
          problems: input.problems,
          ...(input.note ? { note: input.note } : {}),
          days,
          time: input.time,
          handoff: place
            ? { kind: 'pick-up', town: { slug: place.slug, name: place.name }, miles: place.miles, address: input.address ?? '', fee }
            : { kind: 'drop-off' },
        },
      },
    };
  },
  page: (now) => ({
    title: 'Schedule Service',
    action: '/api/service-request',
    form: withStoreChoice(serviceForm(serviceOptions, now), storeOptions),
    submit: 'Request Appointment',
    noun: 'request',
    back: { href: '/services', text: 'Back to the services page' },
    carried: ['page', 'referrer', ...UTM_FIELDS],
  }),
};
