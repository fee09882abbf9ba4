import { UTM_FIELDS } from '../../../../src/lib/leads/inquiry.ts';
import { UNIT_QUESTION_FIELDS, UNIT_TOPICS, unitQuestionForm, validateUnitQuestion, type UnitQuestion } from '../../../../src/lib/leads/unit-question.ts';
import { stringField, type IntakeForm } from '../intake.ts';

/** A question about one unit (docs/product.md §Units) through the one intake: sales, with the unit attached. */
export const unitQuestionIntake: IntakeForm<UnitQuestion> = {
  id: 'unit-question',
  what: 'a question about a unit',
  noun: 'message',
  conflictNoun: 'request',
  fields: UNIT_QUESTION_FIELDS,
  jsonFieldErrors: true,
  validate: (fields) => validateUnitQuestion(fields),
  unitOf: (fields) => stringField(fields.unit),
  lead: (question, { id, receivedAt, source }) => {
    const topic = UNIT_TOPICS.find((option) => option.value === question.topic)?.label ?? question.topic;
    return {
      id,
      receivedAt,
      status: 'pending',
      form: 'unit-question',
      inquiry: {
        firstName: question.firstName,
        lastName: question.lastName,
        email: question.email,
        phone: question.phone,
        interest: 'sales',
        message: question.message ? `${topic}\n\n${question.message}` : `${topic}.`,
      },
      source,
      delivery: { attempts: 0 },
      question: { topic: question.topic, ...(question.day ? { day: question.day } : {}), ...(question.message ? { note: question.message } : {}) },
    };
  },
  page: () => ({
    title: 'Ask About This Cart',
    action: '/api/unit-question',
    form: unitQuestionForm,
    submit: 'Send Question',
    noun: 'message',
    back: { href: '/new-inventory', text: 'Back to the inventory' },
    carried: ['unit', 'vehicle', 'page', 'referrer', ...UTM_FIELDS],
  }),
};
