import { promotionText } from '../finance/payments.ts';
import { finance } from './lot.ts';
import { models } from './models.ts';
import { brandName, units } from './vehicles.ts';

/** The promotions of data/finance.json with the names of the models and units they cover. */
export const financePromotionNames = {
  defaults: finance.defaults,
  lines: finance.promotions.map((promotion) => {
    if ('model' in promotion) {
      const model = models.find((m) => m.slug === promotion.model);
      const name = model ? `${brandName(model.brand)} ${model.name}` : promotion.model;
      return promotionText(`${name} (every unit)`, promotion, finance.defaults);
    }
    const unit = units.find((u) => u.id === promotion.unit);
    return promotionText(`${unit?.name ?? promotion.unit}, stock #${unit?.stockNumber ?? ''}`, promotion, finance.defaults);
  }),
};
