import Picture from './Picture.tsx';
import { formatPrice } from '../lib/format.ts';
import { formatMonthly } from '../lib/finance/payments.ts';
import { streetLegalShort } from '../lib/units/facts.ts';
import type { InventoryItem } from '../lib/inventory/vehicles-client.ts';

export const PLACEHOLDER_IMAGE = '/images/carts/placeholder.svg';

/** Where every estimated payment's terms and disclaimer are explained (docs/product.md §Payments). */
export const PAYMENT_DISCLAIMER_HREF = '/financing#payment-estimates';

interface Props {
  vehicle: Pick<
    InventoryItem,
    'id' | 'name' | 'description' | 'price' | 'images' | 'isNew' | 'status' | 'streetLegal' | 'exteriorColor' | 'estimatedPayment' | 'lot'
  >;
  /** Heading level of the card title in its page outline. */
  headingLevel?: 2 | 3;
  /** The page's LCP image (the first card of a grid in a phone's first view): fetched first, never lazy; the rest load lazily. */
  priority?: boolean;
  /** The first card of a grid below a phone's first view: fetched at once at the browser's own priority, never lazy. */
  eager?: boolean;
}

/**
 * A unit on the lot as a card (docs/product.md §Inventory): first image or a placeholder, NEW badge, name,
 * description, price, View Details; plus its colour, street-legal status, an On Hold badge and
 * the estimated monthly payment of an available unit. Rendered by Astro and inside islands alike.
 */
export default function VehicleCard({ vehicle, headingLevel = 3, priority = false, eager = false }: Props) {
  const Heading = `h${headingLevel}` as const;
  const image = vehicle.images[0] ?? PLACEHOLDER_IMAGE;
  return (
    <article className="card flex h-full flex-col overflow-hidden">
      <div className="relative bg-slate-100">
        <Picture
          src={image}
          slot="card"
          alt={vehicle.images[0] ? vehicle.name : ''}
          priority={priority}
          eager={eager}
          className="aspect-[4/3] h-auto w-full object-cover"
        />
        {vehicle.isNew && <span className="badge-new absolute top-3 left-3">NEW</span>}
      </div>
      <div className="flex flex-1 flex-col p-5">
        {vehicle.status === 'on-hold' && (
          <div className="mb-2 self-start rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900" data-unit-status="on-hold">
            On Hold
          </div>
        )}
        <Heading className="text-lg font-semibold">{vehicle.name}</Heading>
        <div className="mt-1 text-sm text-slate-700" data-unit-facts>
          {vehicle.exteriorColor} · {streetLegalShort(vehicle.streetLegal)}
        </div>
        {vehicle.lot && (
          <p className="mt-1 text-sm" data-unit-lot>
            <a href={vehicle.lot.path} className="link">
              On the lot in {vehicle.lot.city}
            </a>
          </p>
        )}
        <p className="mt-2 line-clamp-3 flex-1 text-slate-700">{vehicle.description}</p>
        <p className="mt-4 text-2xl font-bold text-brand-800">{formatPrice(vehicle.price)}</p>
        {vehicle.status === 'available' && (
          <p className="mt-1 text-sm text-slate-700" data-payment>
            <a href={PAYMENT_DISCLAIMER_HREF} className="link">
              Est. {formatMonthly(vehicle.estimatedPayment.monthly)}
              <span aria-hidden="true">*</span>
              <span className="sr-only"> (estimate; see the financing terms)</span>
            </a>
          </p>
        )}
        <a href={`/vehicles/${vehicle.id}`} className="btn btn-primary mt-4" data-speculate="prerender">
          View Details<span className="sr-only">: {vehicle.name}</span>
        </a>
      </div>
    </article>
  );
}
