import { UTM_FIELDS } from '../../../../src/lib/leads/inquiry.ts';
import { UNIT_QUESTION_FIELDS, UNIT_TOPICS, unitQuestionForm, validateUnitQuestion, type UnitQuestion } from '../../../../src/lib/leads/unit-question.ts';
import { stringField, visitorInquiry, type IntakeForm } from '../intake.ts';
import { optionLabel } from '../../../../src/lib/leads/form.ts';

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
  lead: (question) => {
    const topic = optionLabel(UNIT_TOPICS, question.topic);
    return {
      // The topic alone is a sentence of its own; with the visitor's message it heads it.
      inquiry: visitorInquiry(question, 'sales', question.message ? topic : `${topic}.`, question.message),
      record: { question: { topic: question.topic, ...(question.day ? { day: question.day } : {}), ...(question.message ? { note: question.message } : {}) } },
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
