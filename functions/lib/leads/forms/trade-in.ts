import { makeName, serialKind } from '../../../../src/lib/leads/cart-fields.ts';
import { UTM_FIELDS } from '../../../../src/lib/leads/inquiry.ts';
import { PHOTO_LIMITS } from '../../../../src/lib/leads/photos.ts';
import { TRADE_IN_FIELDS, tradeCartText, tradeInForm, validateTradeIn, type TradeIn } from '../../../../src/lib/leads/trade-in.ts';
import { visitorInquiry, type IntakeForm } from '../intake.ts';

/** A trade-in request (docs/product.md §Trading in) through the one intake: sales, with up to six photos. */
export const tradeInIntake: IntakeForm<TradeIn> = {
  id: 'trade-in',
  what: 'a trade-in request',
  noun: 'request',
  conflictNoun: 'request',
  fields: TRADE_IN_FIELDS,
  jsonFieldErrors: true,
  photos: PHOTO_LIMITS.maxCount,
  validate: (fields, now) => validateTradeIn(fields, now),
  lead: (trade) => {
    const make = makeName(trade.make, trade.makeOther);
    const summary = `Trade-in: ${tradeCartText({ year: trade.year, make, model: trade.model })}.`;
    return {
      inquiry: visitorInquiry(trade, 'sales', summary, trade.note),
      record: {
        trade: {
          year: trade.year,
          make,
          model: trade.model,
          ...(trade.serial ? { serial: trade.serial, serialKind: serialKind(trade.serial) } : {}),
          battery: trade.battery,
          batteryAge: trade.batteryAge,
          lifted: trade.lifted === 'yes',
          condition: trade.condition,
          ...(trade.note ? { note: trade.note } : {}),
        },
      },
    };
  },
  page: (now) => ({
    title: 'Value Your Trade',
    action: '/api/trade-in',
    form: tradeInForm(now),
    submit: 'Send Trade-In',
    noun: 'request',
    back: { href: '/trade-in', text: 'Back to the trade-in page' },
    carried: ['vehicle', 'page', 'referrer', ...UTM_FIELDS],
    multipart: true,
  }),
};
