import type { APIRoute } from 'astro';
import { listedVehicles } from '../../lib/data/lot.ts';
import { toInventoryItem } from '../../lib/inventory/vehicles-client.ts';

/**
 * /new-inventory/lot.json: every listed unit, in the lot's order, with what the inventory's
 * grid, filters and sorts read (src/lib/inventory/vehicles-client.ts INVENTORY_LOT_PATH). A static file
 * of each build, which the CDN keeps until the next deploy; the island fetches it when the
 * visitor first filters, sorts or turns a page (docs/product.md §Inventory).
 */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(listedVehicles.map(toInventoryItem)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
