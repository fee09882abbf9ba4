import LeadForm from '../components/forms/LeadForm.tsx';
import { TRADE_IN_FIELDS, tradeInForm, validateTradeIn } from '../lib/leads/trade-in.ts';

/** The error toast's text when the server names no error, and when the request never arrived. */
export const SUBMIT_FAILED = 'Failed to submit trade-in request';
export const SEND_FAILED = 'Failed to send trade-in request. Please try again.';

interface Props {
  /** The build's time: the model years the form offers (the function checks with its own clock). */
  now: number;
}

const EMPTY = {
  year: '',
  make: '',
  makeOther: '',
  model: '',
  serial: '',
  battery: '',
  batteryAge: '',
  lifted: '',
  condition: '',
  note: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
};

/**
 * Value Your Trade (docs/product.md §Trading in): the visitor's cart and up to six photos, for
 * sales. Without JavaScript it posts the photos with the form; hydrated, it checks each photo
 * as it is chosen and sends them in parts before the request. A unit in the address
 * (?vehicle=…, from a unit page) rides along as the cart the trade is toward.
 */
export default function TradeInForm({ now }: Props) {
  return (
    <LeadForm
      form={tradeInForm(now)}
      endpoint="/api/trade-in"
      order={TRADE_IN_FIELDS}
      initial={EMPTY}
      validate={(values) => validateTradeIn(values, now)}
      analytics={{ name: 'trade_in', type: 'trade', department: 'trade' }}
      texts={{ submitFailed: SUBMIT_FAILED, sendFailed: SEND_FAILED }}
      photoForm="trade-in"
      submitLabel="Send Trade-In"
      fromAddress={(params) => ({ vehicle: params.get('vehicle') ?? undefined })}
    />
  );
}
