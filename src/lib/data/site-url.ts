import { processEnv, type Env } from '../settings/read.ts';
import { siteAddress } from '../settings/site.ts';
import { dealer } from './dealer.ts';

/** The site's address: SITE_URL, else the website of data/dealer.json (src/lib/settings/site.ts). */
export function siteUrl(env: Env = processEnv()): string {
  return siteAddress(env, dealer.website);
}
