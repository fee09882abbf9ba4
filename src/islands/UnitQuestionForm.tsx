import LeadForm from '../components/forms/LeadForm.tsx';
import type { AscItem } from '../lib/analytics/asc.ts';
import { isUnitTopic, UNIT_QUESTION_FIELDS, unitQuestionForm, validateUnitQuestion } from '../lib/leads/unit-question.ts';

export const SUBMIT_FAILED = 'Failed to send your question';
export const SEND_FAILED = 'Failed to send your question. Please try again.';

interface Props {
  /** The unit the page is about: its id rides along, its facts name it in the events. */
  unit: string;
  item: AscItem;
}

const EMPTY = { topic: 'availability', day: '', message: '', firstName: '', lastName: '', email: '', phone: '' };

/**
 * A question about one unit (docs/product.md §Units), opened by the unit page's buttons with the
 * topic in the address (?topic=price). Without JavaScript the visitor picks the topic; the unit
 * is in the page either way.
 */
export default function UnitQuestionForm({ unit, item }: Props) {
  return (
    <LeadForm
      form={unitQuestionForm}
      endpoint="/api/unit-question"
      order={UNIT_QUESTION_FIELDS}
      initial={EMPTY}
      validate={validateUnitQuestion}
      analytics={{ name: 'unit_question', type: 'sales', department: 'sales' }}
      item={item}
      texts={{ submitFailed: SUBMIT_FAILED, sendFailed: SEND_FAILED }}
      submitLabel="Send Question"
      hidden={{ unit }}
      fromAddress={(params, set) => {
        const topic = params.get('topic');
        if (isUnitTopic(topic)) set((current) => ({ ...current, topic }));
      }}
    />
  );
}
