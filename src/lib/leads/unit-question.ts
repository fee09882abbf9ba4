import { z } from 'zod/mini';
import {
  fail,
  issueErrors,
  oneOf,
  optionalText,
  PERSON_FIELDS,
  PERSON_ROWS,
  PERSON_SPECS,
  personShape,
  type FormResult,
  type FormSpec,
  type Option,
} from './form.ts';

/**
 * A question about one unit on the lot (docs/product.md §Units): the unit page's buttons open
 * this form with the unit attached and the question chosen (availability, today's price, a
 * test drive, a financing quote). It goes to sales.
 */

export const UNIT_QUESTION_FIELDS = ['topic', 'day', 'message', ...PERSON_FIELDS] as const;

/** The unit page's buttons, in order (their texts: docs/product.md §Units). */
export const UNIT_TOPICS: readonly (Option & { button: string })[] = [
  { value: 'availability', label: 'Is it still available?', button: 'Check Availability' },
  { value: 'price', label: 'What is today’s price?', button: 'Get Today’s Price' },
  { value: 'test-drive', label: 'I would like a test drive', button: 'Schedule Test Drive' },
  { value: 'financing', label: 'I would like a financing quote', button: 'Get Financing Quote' },
];
export type UnitTopic = 'availability' | 'price' | 'test-drive' | 'financing';

export const UNIT_QUESTION_MESSAGES = {
  topic: 'Choose what you would like to know',
  day: 'Enter the day as shown, for example 2026-06-05',
  message: 'Message must be at most 2000 characters',
} as const;

export function isUnitTopic(value: unknown): value is UnitTopic {
  return UNIT_TOPICS.some((topic) => topic.value === value);
}

export const unitQuestionSchema = z.object({
  topic: oneOf(
    UNIT_TOPICS.map((topic) => topic.value as UnitTopic),
    UNIT_QUESTION_MESSAGES.topic,
  ),
  day: z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(z.string({ error: UNIT_QUESTION_MESSAGES.day }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, UNIT_QUESTION_MESSAGES.day))),
  ),
  message: optionalText(2000, UNIT_QUESTION_MESSAGES.message),
  ...personShape,
});

export type UnitQuestion = z.infer<typeof unitQuestionSchema>;

export function validateUnitQuestion(input: unknown): FormResult<UnitQuestion> {
  const result = unitQuestionSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return fail(UNIT_QUESTION_FIELDS, issueErrors(result.error.issues));
}

export const unitQuestionForm: FormSpec = {
  prefix: 'ask',
  fields: [
    { name: 'topic', kind: 'radios', label: 'What would you like to know?', options: UNIT_TOPICS },
    { name: 'day', kind: 'date', label: 'A day that suits you (optional)', hint: 'For a test drive or a visit.' },
    { name: 'message', kind: 'textarea', label: 'Message (optional)', rows: 4, maxLength: 2000 },
    ...PERSON_SPECS,
  ],
  sections: [{ rows: ['topic', 'day', 'message', ...PERSON_ROWS] }],
};

/** "/vehicles/{id}/ask?topic=price": the unit page's button for a topic. */
export function unitQuestionHref(unitId: string, topic: UnitTopic): string {
  return `/vehicles/${unitId}/ask?topic=${topic}`;
}
