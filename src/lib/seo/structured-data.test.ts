import { describe, expect, it } from 'vitest';
import dealerJson from '../../../data/dealer.json';
import mountHolly from '../../../data/stores/mount-holly.json';
import { SECOND_STORE } from '../../../tests/fixtures/second-store.ts';
import { dealer } from '../data/dealer.ts';
import { parseStores } from '../data/stores.ts';
import { article, autoDealer, businessNodes, dealerId, orgId, organization, service } from './structured-data.ts';

const site = 'https://www.example.com';
const oneStore = () => parseStores({ 'mount-holly.json': mountHolly }, dealerJson);
const twoStores = () => parseStores({ 'mount-holly.json': mountHolly, 'medford.json': SECOND_STORE }, dealerJson);
const places = ['Burlington County', 'Medford Township, NJ'];

describe('the business in structured data (docs/product.md §Stores)', () => {
  it('is the dealer, one AutoDealer at its showroom, while there is one store', () => {
    expect(businessNodes(dealer, oneStore(), site, places)).toEqual([autoDealer(dealer, site, places)]);
    expect(businessNodes(dealer, oneStore(), site, places, true)).toEqual([organization(dealer, site), autoDealer(dealer, site, places)]);
  });

  it('is the group as an Organization serving the places, and each store an AutoDealer of its own under it, with several stores', () => {
    const nodes = businessNodes(dealer, twoStores(), site, places, true);
    expect(nodes.map((node) => [node['@type'], node['@id']])).toEqual([
      ['Organization', orgId(site)],
      ['AutoDealer', `${site}/locations/mount-holly#store`],
      ['AutoDealer', `${site}/locations/medford#store`],
    ]);
    const [group, , medford] = nodes;
    expect(group).not.toHaveProperty('address');
    expect(group).toHaveProperty(
      'areaServed',
      places.map((name) => ({ '@type': 'City', name })),
    );
    expect(medford).toMatchObject({
      parentOrganization: { '@id': orgId(site) },
      telephone: SECOND_STORE.phones.main.e164,
      address: { streetAddress: SECOND_STORE.address.street, addressLocality: 'Medford', postalCode: '08055' },
      geo: { latitude: SECOND_STORE.geo.latitude, longitude: SECOND_STORE.geo.longitude },
      openingHoursSpecification: [{ dayOfWeek: SECOND_STORE.hours.main[0]!.days, opens: '10:00', closes: '18:00' }],
    });
    // No node of the page claims the dealer id (a single showroom's) any more.
    expect(JSON.stringify(nodes)).not.toContain(dealerId(site));
  });

  it('has its services provided by the dealer within its radius, or by the group within the radius of each store', () => {
    const one = service(dealer, site, 'Sales', 'Carts', ['Burlington County'], oneStore());
    expect(one).toEqual(service(dealer, site, 'Sales', 'Carts', ['Burlington County']));
    expect(one.provider).toEqual({ '@id': dealerId(site) });
    const several = service(dealer, site, 'Sales', 'Carts', ['Burlington County'], twoStores());
    expect(several.provider).toEqual({ '@id': orgId(site) });
    expect(several.areaServed.map((place) => ('geoMidpoint' in place ? place.geoMidpoint.latitude : place.name))).toEqual([
      mountHolly.geo.latitude,
      SECOND_STORE.geo.latitude,
      'Burlington County',
    ]);
  });
});

describe('a guide in structured data (docs/product.md §Guides)', () => {
  it('is an Article by the dealer, published by the dealer with its logo, dated, citing its sources', () => {
    const node = article(dealer, site, {
      headline: 'Golf Carts and LSVs in New Jersey',
      description: 'The rules side by side.',
      path: '/street-legal-golf-carts-nj',
      image: '/images/social-card.jpg',
      datePublished: '2026-11-27',
      dateModified: '2026-12-01',
      citations: [
        { title: 'Low Speed Vehicles (LSV)', publisher: 'New Jersey Motor Vehicle Commission', url: 'https://nj.gov/mvc/vehicletopics/lowspeed.htm' },
      ],
    });
    expect(node).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      '@id': `${site}/street-legal-golf-carts-nj#article`,
      headline: 'Golf Carts and LSVs in New Jersey',
      description: 'The rules side by side.',
      url: `${site}/street-legal-golf-carts-nj`,
      mainEntityOfPage: `${site}/street-legal-golf-carts-nj`,
      image: `${site}/images/social-card.jpg`,
      inLanguage: 'en-US',
      datePublished: '2026-11-27',
      dateModified: '2026-12-01',
      author: { '@type': 'Organization', '@id': orgId(site), name: dealer.name, url: `${site}/` },
      publisher: {
        '@type': 'Organization',
        '@id': orgId(site),
        name: dealer.name,
        url: `${site}/`,
        logo: { '@type': 'ImageObject', url: `${site}${dealer.logo}` },
      },
      citation: [
        {
          '@type': 'CreativeWork',
          name: 'Low Speed Vehicles (LSV)',
          url: 'https://nj.gov/mvc/vehicletopics/lowspeed.htm',
          publisher: { '@type': 'Organization', name: 'New Jersey Motor Vehicle Commission' },
        },
      ],
    });
  });
});
