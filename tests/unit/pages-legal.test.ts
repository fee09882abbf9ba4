import { describe, expect, it } from 'vitest';
import { dealer } from '../../src/lib/data/dealer.ts';
import { builtPage, elements, headOf, links, mainOf, textOf } from './pages-html.ts';

describe('/privacy', () => {
  const main = mainOf(builtPage('privacy.html'));
  const text = textOf(main);

  it('says what the contact form collects and what is recorded with each lead', () => {
    for (const item of ['first and last name', 'e-mail address', 'phone number', 'interest', 'message']) expect(text).toContain(`Your ${item}`);
    for (const item of ['The page you sent it from', 'the vehicle or model', 'UTM', 'user agent', 'The date and time', 'referring page']) {
      expect(text).toContain(item);
    }
  });

  it('says where inquiries are stored, for how long, and the e-mail provider', () => {
    expect(text).toContain('Netlify Blobs');
    expect(text).toContain('We keep inquiries for 24 months');
    expect(text).toContain('deletes every stored inquiry older than 24 months automatically');
    expect(text).toContain('Resend');
  });

  it('says there are no tracking cookies and that the map loads only on request', () => {
    expect(text).toContain('sets no cookies');
    expect(text).toContain('Show map');
    expect(text).toContain("Google's privacy policy");
  });

  it('covers e-mail alerts: what is kept, the confirmation, how long requests and alerts last (data/pages.json), and how they end', () => {
    const section = text.slice(text.indexOf('E-mail alerts'), text.indexOf('Cookies, tracking'));
    expect(section).toContain('your e-mail address');
    expect(section).toContain('Nothing is sent before you confirm');
    expect(section).toContain('A request you do not confirm is deleted after 7 days.');
    expect(section).toContain('at most once a day');
    expect(section).toContain('one-click unsubscribe');
    expect(section).toContain('An alert runs for 12 months after you confirm it');
    expect(section).toContain('deletes ended alerts and unconfirmed requests automatically, once a day');
    expect(text).toContain('we delete every inquiry sent with it, and any e-mail alerts of that address');
  });

  it('tells visitors how to ask for deletion, with the dealer e-mail and phone', () => {
    const hrefs = links(main).map((l) => l.href);
    expect(text).toContain('ask us to delete it sooner than after 24 months');
    expect(text).toContain('e-mail address or phone number you used: we delete every inquiry sent with it');
    expect(hrefs).toContain(`mailto:${dealer.email}`);
    expect(hrefs).toContain(`tel:${dealer.phones.local.e164}`);
  });
});

describe('/terms', () => {
  const main = mainOf(builtPage('terms.html'));
  const text = textOf(main);

  it('carries the rental terms', () => {
    const terms = textOf(elements(main, 'ul', 'data-rental-terms')[0]?.html ?? '');
    expect(terms).toContain('Delivery fee: $6 per mile beyond 10 miles.');
    expect(terms).toContain('Rental periods are in 24-hour increments.');
    expect(terms).toContain('No refunds for early returns.');
    expect(terms).toContain('subject to availability');
  });

  it('carries the pricing terms: USD, availability, service prices, financing, inquiry response', () => {
    expect(text).toContain('All prices on this website are in US dollars.');
    expect(text).toContain('subject to availability');
    expect(text).toContain('Maintenance & Repair: from $85/hour.');
    expect(text).toContain('Battery Services: from $50.');
    expect(text).toContain('Custom Modifications: custom quote.');
    expect(text).toContain('Warranty Service: covered.');
    expect(text).toContain('Most repairs are completed within 24-48 hours');
    expect(text).toContain('0% financing on select models');
    expect(text).toContain('within 24 hours, typically 2-6 hours');
  });
});

describe('/financing', () => {
  const html = builtPage('financing.html');
  const main = mainOf(html);
  const text = textOf(main);

  it('pre-renders the worked example: $12,995, $1,000 down, 6.99% APR, 60 months → $237.46 a month', () => {
    expect(html).toMatch(/value="12995"/);
    expect(html).toMatch(/value="1000"/);
    expect(html).toMatch(/value="6.99"/);
    expect(html).toMatch(/value="60"/);
    expect(text).toContain('Estimated monthly payment $237.46 for 60 months');
    expect(text).toContain('Amount financed $11,995');
    expect(text).toContain('Total of payments $14,247.60');
    expect(text).toContain('Total interest $2,252.60');
  });

  it('hydrates the estimator only when it is seen', () => {
    expect(html).toMatch(
      /<astro-island[^>]*component-url="\/_astro\/PaymentEstimator[^"]*"[^>]*client="interaction"[^>]*&quot;value&quot;:&quot;visible&quot;/,
    );
  });

  it('notes 0% financing on select models', () => {
    expect(text).toContain('0% financing on select models');
  });

  it('links to the external application in a new tab, and says so', () => {
    const apply = links(main).filter((l) => l.href === dealer.links.financing);
    expect(apply.length).toBeGreaterThanOrEqual(1);
    for (const link of apply) {
      expect(link.attrs).toContain('target="_blank"');
      expect(link.attrs).toContain('rel="noopener"');
      expect(link.text).toContain('(opens in a new tab)');
    }
  });
});

describe('the not-found page', () => {
  const html = builtPage('404.html');
  const main = mainOf(html);

  it('is titled 404 Page Not Found, in visitor wording, and kept out of search results', () => {
    const head = headOf(html);
    expect(head.title).toMatch(/^404 Page Not Found/);
    expect(head.robots).toContain('noindex');
    expect(textOf(main)).toContain('404 Page Not Found');
    expect(textOf(main)).not.toMatch(/router/i);
  });

  it('links home and to the inventory', () => {
    const hrefs = links(main).map((l) => l.href);
    expect(hrefs).toContain('/');
    expect(hrefs).toContain('/new-inventory');
  });
});

describe('every page of this issue', () => {
  const pages = ['rentals', 'services', 'showroom', 'about', 'financing', 'privacy', 'terms'];
  const heads = pages.map((page) => ({ page, ...headOf(builtPage(`${page}.html`)) }));

  it.each(pages)('/%s has a title, a description and its canonical path', (page) => {
    const head = heads.find((h) => h.page === page)!;
    expect(head.title.length).toBeGreaterThan(10);
    expect(head.description.length).toBeGreaterThan(50);
    expect(head.description.length).toBeLessThanOrEqual(200);
    expect(new URL(head.canonical).pathname).toBe(`/${page}`);
    expect(head.robots).toBe('');
  });

  it('titles and descriptions are unique', () => {
    expect(new Set(heads.map((h) => h.title)).size).toBe(pages.length);
    expect(new Set(heads.map((h) => h.description)).size).toBe(pages.length);
  });

  it('all of them are in the sitemap', () => {
    const sitemap = builtPage('sitemap.xml');
    for (const page of pages) expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/${page}</loc>`));
    expect(sitemap).not.toContain('/404');
  });

  it('the footer links to /financing', () => {
    expect(links(builtPage('index.html')).map((l) => l.href)).toContain('/financing');
  });
});
