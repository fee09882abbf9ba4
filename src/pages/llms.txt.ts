import type { APIRoute } from 'astro';
import { buyingGuide } from '../lib/data/buying-guide.ts';
import { collections } from '../lib/data/collections.ts';
import { dealer } from '../lib/data/dealer.ts';
import { listedVehicles } from '../lib/data/lot.ts';
import { rentalGroups } from '../lib/data/rentals.ts';
import { severalStores, stores } from '../lib/data/stores.ts';
import { streetUse } from '../lib/data/street-use.ts';
import { county, countyPage, municipalities } from '../lib/data/towns.ts';
import { formatCityLine } from '../lib/format.ts';
import { BUYING_GUIDE_PATH } from '../lib/guides/buying-guide.ts';
import { STREET_USE_GUIDE_PATH } from '../lib/guides/street-use.ts';
import { INVENTORY_PATH } from '../lib/inventory/pages.ts';
import { llmsTxt } from '../lib/seo/llms-txt.ts';
import { storePath } from '../lib/stores/stores.ts';

// /llms.txt for answer engines, made from the data at every build so it never goes stale (docs/product.md §Guides).
const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;
const { address, phones } = dealer;

export const GET: APIRoute = ({ site }) => {
  const text = llmsTxt(
    {
      title: dealer.name,
      summary: dealer.description,
      details: [
        `${severalStores ? `${stores.length} stores; the main one at` : 'Showroom:'} ${address.street}, ${formatCityLine(address)}. Phone ${phones.local.display}, toll-free ${phones.tollFree.display}. Serving all ${municipalities.length} municipalities of ${county.name}, ${county.state}.`,
        `The street-use guide states New Jersey's rules only as its sources state them, each statement with its source and the date it was checked; it gives no town a rule the dealer has not recorded.`,
      ],
      sections: [
        {
          heading: 'Guides',
          links: [
            { title: streetUse.guide.heading, path: STREET_USE_GUIDE_PATH, note: streetUse.guide.description },
            { title: buyingGuide.heading, path: BUYING_GUIDE_PATH, note: buyingGuide.description },
          ],
        },
        {
          heading: 'Shop',
          links: [
            {
              title: 'Inventory',
              path: INVENTORY_PATH,
              note: `every cart on the lot, ${units(listedVehicles.length)}, with prices and estimated monthly payments`,
            },
            ...collections
              .filter((collection) => collection.units.length > 0)
              .map((collection) => ({
                title: collection.heading,
                path: collection.path,
                note: `${units(collection.units.length)}: ${collection.description}`,
              })),
            { title: 'All models', path: '/vehicles', note: 'the Denago and Evolution range with specifications and MSRPs' },
            { title: 'Compare models', path: '/compare' },
          ],
        },
        {
          heading: 'Buy, rent and service',
          links: [
            { title: 'Financing', path: '/financing', note: `payment estimator and the financing application; ${dealer.financingOffer}` },
            { title: 'Value your trade', path: '/trade-in' },
            {
              title: 'Rentals',
              path: '/rentals',
              note: `${rentalGroups.map((group) => group.name).join(', ')}: ${(rentalGroups[0]?.plans ?? []).map((plan) => plan.title).join(', ')} plans, delivered`,
            },
            { title: 'Services', path: '/services' },
            { title: 'Schedule service', path: '/schedule-service' },
            { title: 'Parts', path: '/parts' },
            ...(severalStores ? stores.map((store) => ({ title: store.name, path: storePath(store) })) : [{ title: 'Showroom', path: '/showroom' }]),
            { title: 'Contact', path: '/contact' },
          ],
        },
        {
          heading: 'Optional',
          links: [
            { title: `${county.name} golf carts`, path: countyPage.path, note: 'delivery, rentals and street use in every town of the county' },
            ...municipalities.map((town) => ({ title: town.fullName, path: town.path })),
          ],
        },
      ],
    },
    site ?? dealer.website,
  );
  return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
