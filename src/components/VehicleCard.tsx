import type { Vehicle } from '../../data/schemas/vehicles.ts';
import { formatPrice } from '../lib/format.ts';

export const PLACEHOLDER_IMAGE = '/images/carts/placeholder.svg';

interface Props {
  vehicle: Pick<Vehicle, 'id' | 'name' | 'description' | 'price' | 'images' | 'isNew'>;
  /** Heading level of the card title in its page outline. */
  headingLevel?: 2 | 3;
  /** The first cards of a page load eagerly; the rest lazily. */
  eager?: boolean;
}

/**
 * A unit on the lot as a card (docs/product.md §Inventory): first image or a placeholder, NEW badge, name,
 * description, price, View Details. Rendered to static HTML by Astro and inside islands alike.
 */
export default function VehicleCard({ vehicle, headingLevel = 3, eager = false }: Props) {
  const Heading = `h${headingLevel}` as const;
  const image = vehicle.images[0] ?? PLACEHOLDER_IMAGE;
  return (
    <article className="card flex h-full flex-col overflow-hidden">
      <div className="relative bg-slate-100">
        <img
          src={image}
          alt={vehicle.images[0] ? vehicle.name : ''}
          width={800}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] h-auto w-full object-cover"
        />
        {vehicle.isNew && <span className="badge-new absolute top-3 left-3">NEW</span>}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-lg font-semibold">{vehicle.name}</Heading>
        <p className="mt-2 line-clamp-3 flex-1 text-slate-700">{vehicle.description}</p>
        <p className="mt-4 text-2xl font-bold text-brand-800">{formatPrice(vehicle.price)}</p>
        <a href={`/vehicles/${vehicle.id}`} className="btn btn-primary mt-4">
          View Details<span className="sr-only">: {vehicle.name}</span>
        </a>
      </div>
    </article>
  );
}
