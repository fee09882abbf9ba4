import { httpsUrl, optional, processEnv, type Env, type SettingIssue } from './read.ts';

/**
 * The site's address: SITE_URL, else the dealer's website in data/dealer.json
 * (docs/decisions/canonical-addresses.md). The one rule for it, read by the build's canonical
 * links, sitemap and feeds (astro.config.mjs), the admin's site URL, the links of every e-mail
 * the functions send, a function's own origins and the data-mistake e-mail. A wrong SITE_URL
 * falls back to the website with a warning; a production build refuses the sample address
 * (production.ts). src/lib/data/site-url.ts gives it with the website of data/dealer.json.
 */
export function siteAddress(env: Env = processEnv(), website: string, warnings: SettingIssue[] = []): string {
  const url = optional<string | undefined>(
    env,
    'SITE_URL',
    httpsUrl('must be the address of the site, e.g. https://www.yourdealer.com'),
    undefined,
    warnings,
    website,
  );
  return (url ?? website).replace(/\/+$/, '');
}
