import type { Dealer } from '../../data/schemas/dealer.ts';

type Address = Pick<Dealer['address'], 'street' | 'city' | 'region' | 'postalCode'>;

/** "Mount Holly, NJ 08060". */
export function cityLine(address: Address): string {
  return `${address.city}, ${address.region} ${address.postalCode}`;
}

/** "100 High Street, Mount Holly, NJ 08060". */
export function oneLineAddress(address: Address): string {
  return `${address.street}, ${cityLine(address)}`;
}
