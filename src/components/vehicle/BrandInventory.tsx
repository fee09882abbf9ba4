import Picture from '../Picture.tsx';
import type { Vehicle } from '../../../data/schemas/units.ts';
import { formatPrice } from '../../lib/format.ts';
import { brandCardBadge, seatsAndCategory } from '../../lib/units/display.ts';
import { PLACEHOLDER_IMAGE } from '../VehicleCard.tsx';

export type BrandInventoryVehicle = Pick<Vehicle, 'id' | 'name' | 'description' | 'price' | 'images' | 'inStock' | 'category'> & {
  specifications: Pick<Vehicle['specifications'], 'seatingCapacity'>;
};

interface Props {
  brandName: string;
  vehicles: readonly BrandInventoryVehicle[];
  /** Where the empty state's contact button goes. */
  contactHref: string;
}

/**
 * A brand page's current inventory (docs/product.md §Brands): cards with an In Stock or Contact Us badge,
 * seats and category, or the empty message of docs/product.md §Errors with a contact button. Rendered to
 * static HTML at build time (no client JavaScript).
 */
export default function BrandInventory({ brandName, vehicles, contactHref }: Props) {
  if (vehicles.length === 0) {
    return (
      <div className="card px-6 py-12 text-center">
        <p className="text-lg text-slate-700">No {brandName} vehicles are currently in our inventory. Contact us for availability updates.</p>
        <a href={contactHref} className="btn btn-primary mt-6">
          Contact Us
        </a>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {vehicles.map((vehicle) => {
        const badge = brandCardBadge(vehicle);
        const facts = seatsAndCategory(vehicle.specifications.seatingCapacity, vehicle.category);
        return (
          <li key={vehicle.id}>
            <article className="card flex h-full flex-col overflow-hidden">
              <div className="relative bg-slate-100">
                <Picture
                  src={vehicle.images[0] ?? PLACEHOLDER_IMAGE}
                  slot="card"
                  alt={vehicle.images[0] ? vehicle.name : ''}
                  className="aspect-[4/3] h-auto w-full object-cover"
                />
                <span
                  className={`absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-bold shadow-sm ${badge === 'In Stock' ? 'bg-brand-800 text-white' : 'bg-slate-700 text-white'}`}
                >
                  {badge}
                </span>
              </div>
              <div className="flex flex-1 flex-col p-5">
                <h3 className="text-lg font-semibold">{vehicle.name}</h3>
                <p className="mt-2 line-clamp-3 flex-1 text-slate-700">{vehicle.description}</p>
                {facts ? <p className="mt-3 text-sm font-medium text-slate-600">{facts}</p> : null}
                <p className="mt-2 text-2xl font-bold text-brand-800">{formatPrice(vehicle.price)}</p>
                <a href={`/vehicles/${vehicle.id}`} className="btn btn-primary mt-4">
                  View Details<span className="sr-only">: {vehicle.name}</span>
                </a>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
