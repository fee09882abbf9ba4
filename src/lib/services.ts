import type { ServicePrice } from '../../data/schemas/services.ts';
import { formatPrice } from './format.ts';

/** The price line of a service card: "From $85/hour", "From $50", "Custom quote", "Covered". */
export function servicePriceText(price: ServicePrice): string {
  switch (price.kind) {
    case 'from':
      return `From ${formatPrice(price.amount)}${price.per ? `/${price.per}` : ''}`;
    case 'quote':
      return 'Custom quote';
    case 'covered':
      return 'Covered';
  }
}

/** { minHours: 24, maxHours: 48 } → "24-48 hours". */
export function turnaroundText({ minHours, maxHours }: { minHours: number; maxHours: number }): string {
  return minHours === maxHours ? `${minHours} hours` : `${minHours}-${maxHours} hours`;
}
