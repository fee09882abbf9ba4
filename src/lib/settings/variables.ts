/**
 * Every environment variable the code reads, once: who reads it, whether a production build
 * needs it, its default and what happens without it (docs/go-live.md §Every variable). The
 * settings module (src/lib/settings/) is the only code that reads the environment, and only
 * the names listed here (`VariableName`); `.env.example` lists the same names and
 * docs/go-live.md's table is written from this list (`npm run settings:table`), both checked by
 * src/lib/settings/variables.test.ts.
 */

/** Who reads a variable: the build, the functions at run time, both, a command on your machine, Netlify itself. */
export type Reader = 'Builds' | 'Functions' | 'Builds and Functions' | 'your machine' | 'Netlify sets it';

export interface Variable {
  /** The part of the site it belongs to (the table's sections, .env.example's blocks). */
  area: Area;
  readBy: Reader;
  /** A production build refuses to go live without it (src/lib/settings/production.ts). */
  required?: true;
  /** What it is when unset (prose; absent: nothing). */
  default?: string;
  /** What happens without it. */
  without: string;
  /** A secret: a check never prints its value. */
  secret?: true;
  /** Only for tests on this machine (a stand-in's address): never set on Netlify. */
  testsOnly?: true;
}

export const AREAS = {
  site: 'The site',
  leads: 'Lead e-mail',
  mail: 'The e-mail quota and pace',
  health: 'The health check',
  push: "Push notifications to the staff's devices",
  alerts: 'E-mail alerts',
  github: 'GitHub: the repository, the admin, publishing and the import',
  publishing: 'Publishing',
  import: 'The lot import',
  photos: "Visitors' photos",
  backup: 'The nightly backup',
  netlify: 'Set by Netlify and netlify-cli (never set these yourself)',
  machine: 'Your machine: `npm run leads`, `npm run alerts` against production',
  tools: "Your machine: the tests' and benchmarks' knobs",
} as const;

export type Area = keyof typeof AREAS;

export const VARIABLES = {
  // --- The site
  SITE_URL: {
    area: 'site',
    readBy: 'Builds and Functions',
    default: '`website` of data/dealer.json',
    without:
      "Canonical links, the sitemap, the feeds and the e-mails' links use data/dealer.json's website; a production build refuses the sample https://www.example.com.",
  },
  BUILD_DATE: {
    area: 'site',
    readBy: 'Builds',
    default: 'today in New York',
    without: "The build's clock is today (tests fix it as YYYY-MM-DD).",
    testsOnly: true,
  },

  // --- Lead e-mail
  RESEND_API_KEY: {
    area: 'leads',
    readBy: 'Builds and Functions',
    required: true,
    without: 'Leads are stored and wait as pending; nothing is e-mailed until it is set. A build stopped by a data mistake e-mails nobody.',
    secret: true,
  },
  LEADS_TO: {
    area: 'leads',
    readBy: 'Builds and Functions',
    required: true,
    without: 'Nobody receives the leads: they wait as pending (and, with RESEND_API_KEY set, /api/health answers 503).',
  },
  LEADS_FROM: {
    area: 'leads',
    readBy: 'Builds and Functions',
    required: true,
    without: 'No lead e-mail has a sender: leads wait as pending (and, with RESEND_API_KEY set, /api/health answers 503).',
  },
  ADF_TO: { area: 'leads', readBy: 'Functions', without: 'No ADF copy for a CRM (the ADF file is still attached to the dealer’s e-mail).' },
  LEADS_TO_SALES: { area: 'leads', readBy: 'Functions', default: 'LEADS_TO', without: 'Sales leads go to LEADS_TO.' },
  LEADS_TO_SERVICE: { area: 'leads', readBy: 'Functions', default: 'LEADS_TO', without: 'Service requests go to LEADS_TO.' },
  LEADS_TO_PARTS: { area: 'leads', readBy: 'Functions', default: 'LEADS_TO', without: 'Parts requests go to LEADS_TO.' },
  LEADS_TO_GENERAL: { area: 'leads', readBy: 'Functions', default: 'LEADS_TO', without: 'General questions go to LEADS_TO.' },
  LEADS_TO_RENTALS: { area: 'leads', readBy: 'Functions', default: 'LEADS_TO', without: 'Rental requests go to LEADS_TO.' },
  RECEIPTS: { area: 'leads', readBy: 'Functions', default: 'off', without: 'The visitor gets no receipt e-mail.' },
  DATA_ERRORS_TO: {
    area: 'leads',
    readBy: 'Builds and Functions',
    default: 'LEADS_TO',
    without: "A build stopped by a data mistake, and the import's reports, are e-mailed to LEADS_TO.",
  },
  RESEND_BASE_URL: { area: 'leads', readBy: 'Builds and Functions', default: "Resend's API", without: "E-mail goes to Resend's API.", testsOnly: true },

  // --- The e-mail quota and pace
  RESEND_RATE_PER_SECOND: {
    area: 'mail',
    readBy: 'Functions',
    default: '2',
    without: "E-mail goes out at Resend's default limit, 2 requests a second per team.",
  },
  RESEND_TIMEOUT_MS: { area: 'mail', readBy: 'Functions', default: '10000', without: 'A request to Resend that takes over 10 s counts as a timeout.' },
  MAIL_DAILY_LIMIT: { area: 'mail', readBy: 'Functions', default: '100', without: "Resend Free's 100 e-mails a day." },
  MAIL_MONTHLY_LIMIT: { area: 'mail', readBy: 'Functions', default: '3000', without: "Resend Free's 3,000 e-mails a month." },
  MAIL_LEAD_RESERVE_DAILY: { area: 'mail', readBy: 'Functions', default: '40', without: '40 e-mails a day are kept for leads.' },
  MAIL_LEAD_RESERVE_MONTHLY: { area: 'mail', readBy: 'Functions', default: '1000', without: '1,000 e-mails a month are kept for leads.' },
  LEADS_SETTLE_MS: {
    area: 'mail',
    readBy: 'Functions',
    default: '250',
    without: 'A rate-limit place or a pace slot settles for 250 ms before it is read back.',
    testsOnly: true,
  },

  // --- The health check
  HEALTH_TOKEN: {
    area: 'health',
    readBy: 'Builds and Functions',
    required: true,
    without: '/api/health shows its figures and what is wrong to nobody; `npm run doctor` cannot send its test lead.',
    secret: true,
  },
  HEALTH_PENDING_MAX_MINUTES: { area: 'health', readBy: 'Functions', default: '60', without: '/api/health answers 503 once a lead has waited 60 minutes.' },
  HEALTH_NO_LEAD_DAYS: { area: 'health', readBy: 'Functions', without: '/api/health never minds how long ago the last lead came.' },

  // --- Push notifications to the staff's devices
  VAPID_PUBLIC_KEY: {
    area: 'push',
    readBy: 'Functions',
    without: 'Push is off: the inbox offers no notifications; new leads and reminders go by e-mail alone (/api/health and `npm run doctor` say so).',
  },
  VAPID_PRIVATE_KEY: { area: 'push', readBy: 'Functions', without: 'Push is off (all three VAPID settings or none).', secret: true },
  VAPID_SUBJECT: {
    area: 'push',
    readBy: 'Functions',
    without: 'Push is off (all three VAPID settings or none). A mailto: address or https:// URL the push services may write to.',
  },

  // --- E-mail alerts
  ALERTS_SECRET: {
    area: 'alerts',
    readBy: 'Builds and Functions',
    required: true,
    without: 'Alert requests are stored but no e-mail goes (their links cannot be signed); /api/health answers 503 in production.',
    secret: true,
  },
  ALERTS_FROM: { area: 'alerts', readBy: 'Functions', default: 'LEADS_FROM', without: 'Alert e-mails come from LEADS_FROM.' },
  ALERTS_DAILY_QUOTA: { area: 'alerts', readBy: 'Functions', default: '60', without: "Alerts go out while the day's e-mails leave the leads' reserve." },
  ALERTS_MONTHLY_QUOTA: { area: 'alerts', readBy: 'Functions', default: '2000', without: "Alerts go out while the month's e-mails leave the leads' reserve." },

  // --- GitHub
  ADMIN_REPO: {
    area: 'github',
    readBy: 'Builds and Functions',
    required: true,
    without:
      'The build takes the repository from REPOSITORY_URL, but the functions do not see it: the inbox lets nobody in, the publisher and the import cannot run (GITHUB_REPOSITORY is the same setting).',
  },
  GITHUB_REPOSITORY: {
    area: 'github',
    readBy: 'Builds and Functions',
    default: 'ADMIN_REPO',
    without: 'The same setting as ADMIN_REPO under another name; when both are set they must name the same repository.',
  },
  ADMIN_BRANCH: {
    area: 'github',
    readBy: 'Builds and Functions',
    default: 'main',
    without: 'The admin saves to, the publisher watches and the import commits to main.',
  },
  GITHUB_BRANCH: {
    area: 'github',
    readBy: 'Builds and Functions',
    default: 'ADMIN_BRANCH',
    without: 'The same setting as ADMIN_BRANCH under another name; when both are set they must be equal.',
  },
  GITHUB_TOKEN: {
    area: 'github',
    readBy: 'Builds and Functions',
    required: true,
    without: 'The publisher cannot tell what waits (saves go live only by hand) and the import cannot run.',
    secret: true,
  },
  GITHUB_API_URL: { area: 'github', readBy: 'Functions', default: "GitHub's API", without: "Calls go to GitHub's API.", testsOnly: true },

  // --- Publishing
  BUILD_HOOK_URL: {
    area: 'publishing',
    readBy: 'Builds and Functions',
    required: true,
    without: 'The site asks for no deploy: saves and the import’s commits never go live by themselves, nor does a sold unit’s page turn into its redirect.',
    secret: true,
  },

  // --- The lot import
  IMPORT_DMS_TOKEN: { area: 'import', readBy: 'Functions', without: "The DMS's get-carts pages are asked for without an API key." },

  // --- Visitors' photos
  PHOTO_LINK_SECRET: {
    area: 'photos',
    readBy: 'Builds and Functions',
    required: true,
    without: 'The photos of trade-in requests are stored but cannot be opened from the e-mail or the inbox.',
    secret: true,
  },
  PHOTO_LINK_DAYS: { area: 'photos', readBy: 'Functions', default: '14', without: "A photo link in the dealer's e-mail works for 14 days." },

  // --- The nightly backup (functions/backup-leads.ts)
  BACKUP_S3_ENDPOINT: {
    area: 'backup',
    readBy: 'Functions',
    without:
      'No nightly backup of the leads (the archive can still be downloaded from the inbox). Once any BACKUP_S3_ variable is set, a missing or wrong one is a problem (src/lib/settings/backup.ts).',
  },
  BACKUP_S3_BUCKET: { area: 'backup', readBy: 'Functions', without: 'Needed with BACKUP_S3_ENDPOINT.' },
  BACKUP_S3_ACCESS_KEY_ID: { area: 'backup', readBy: 'Functions', without: 'Needed with BACKUP_S3_ENDPOINT.', secret: true },
  BACKUP_S3_SECRET_ACCESS_KEY: { area: 'backup', readBy: 'Functions', without: 'Needed with BACKUP_S3_ENDPOINT.', secret: true },
  BACKUP_S3_REGION: { area: 'backup', readBy: 'Functions', default: 'us-east-1', without: 'The bucket is addressed in us-east-1 (R2: auto).' },
  BACKUP_S3_PREFIX: { area: 'backup', readBy: 'Functions', default: 'leads-archive/', without: 'The archives go in leads-archive/.' },

  // --- Set by Netlify and netlify-cli
  URL: {
    area: 'netlify',
    readBy: 'Netlify sets it',
    without: "The site's main address on Netlify; `netlify serve` sets it to the loopback address it serves on.",
  },
  DEPLOY_URL: { area: 'netlify', readBy: 'Netlify sets it', without: "This deploy's own address." },
  DEPLOY_PRIME_URL: { area: 'netlify', readBy: 'Netlify sets it', without: "This deploy's branch or preview address." },
  CONTEXT: {
    area: 'netlify',
    readBy: 'Netlify sets it',
    without: 'production, deploy-preview, branch-deploy or dev: only `production` runs the production check and mails a data mistake.',
  },
  NETLIFY_LOCAL: {
    area: 'netlify',
    readBy: 'Netlify sets it',
    without: '"true" under `netlify serve` / `netlify dev` (npm start): one sign of a run on this machine.',
  },
  DEPLOY_ID: { area: 'netlify', readBy: 'Netlify sets it', without: 'The deploy\'s id ("0" under npm start).' },
  SITE_ID: { area: 'netlify', readBy: 'Netlify sets it', without: 'Set on Netlify only: a sign of a deploy.' },
  SITE_NAME: { area: 'netlify', readBy: 'Netlify sets it', without: "The site's name on Netlify (the deploy log's address in a data-mistake e-mail)." },
  COMMIT_REF: { area: 'netlify', readBy: 'Netlify sets it', without: 'The commit being built (named in a data-mistake e-mail).' },
  REPOSITORY_URL: {
    area: 'netlify',
    readBy: 'Netlify sets it',
    without: 'The repository being built, during builds only (the admin’s repository when ADMIN_REPO is unset).',
  },

  // --- Your machine: production from the command line
  NETLIFY_SITE_ID: { area: 'machine', readBy: 'your machine', without: '`npm run leads` and `npm run alerts` read the local sandbox of npm start.' },
  NETLIFY_AUTH_TOKEN: { area: 'machine', readBy: 'your machine', without: 'As NETLIFY_SITE_ID.', secret: true },

  // --- Your machine: the tests' and benchmarks' knobs
  BASE_URL: { area: 'tools', readBy: 'your machine', without: '`npm run probe`, `perf`, `weight` and `bench:inp` serve the build themselves.' },
  PORT: { area: 'tools', readBy: 'your machine', default: '8888', without: '`npm start` and `npm run weight` use port 8888.' },
  CHROMIUM_PATH: { area: 'tools', readBy: 'your machine', default: '/usr/bin/chromium', without: 'The full browser of `npm run perf`.' },
  HEADLESS_CHROMIUM_PATH: {
    area: 'tools',
    readBy: 'your machine',
    default: '/usr/bin/chromium-headless-shell',
    without: "The tests' browser (else CHROMIUM_PATH).",
  },
  RUNS: { area: 'tools', readBy: 'your machine', default: 'per benchmark', without: 'Each benchmark runs its own number of times.' },
  NEW: { area: 'tools', readBy: 'your machine', default: '20', without: '`npm run bench:inbox` files 20 new leads.' },
  UNITS: { area: 'tools', readBy: 'your machine', default: '300', without: '`npm run bench:inp` grows the lot to 300 units.' },
  ONLY: { area: 'tools', readBy: 'your machine', without: '`npm run perf` and `bench:inp` measure every page or island.' },
  DEBUG: { area: 'tools', readBy: 'your machine', without: '`npm run bench:inp` prints no trace.' },
  PHOTOS: { area: 'tools', readBy: 'your machine', default: '300', without: '`npm run bench:photos` adds 300 photos.' },
  CPU_SLOWDOWN: { area: 'tools', readBy: 'your machine', without: 'Lighthouse runs at its own CPU slowdown.' },
  VALIDATE_PATHS: { area: 'tools', readBy: 'your machine', without: '`npm run validate` checks every page of the sitemap.' },
  DIRS: { area: 'tools', readBy: 'your machine', without: '`npm run trace:work` traces the build as `npm start` serves it.' },
  COPY_SITE_PORT: {
    area: 'tools',
    readBy: 'your machine',
    without: 'The copy of the site (`npm run test:copy`: test:photos, test:lot, test:stores) is served on a free port.',
  },
  COPY_SITE_STATIC_PORT: { area: 'tools', readBy: 'your machine', without: 'As COPY_SITE_PORT.' },
  COPY_SITE_FUNCTIONS_PORT: { area: 'tools', readBy: 'your machine', without: 'As COPY_SITE_PORT.' },
  COPY_SITE_INFO: {
    area: 'tools',
    readBy: 'your machine',
    without: 'playwright.copy.config.ts sets it: the file where the copy of the site tells its tests where it is and what its build took.',
  },
} as const satisfies Record<string, Variable>;

export type VariableName = keyof typeof VARIABLES;

export const VARIABLE_NAMES = Object.keys(VARIABLES) as VariableName[];

/** Where a variable is set, for a message that names it. */
export function whereToSet(name: VariableName): string {
  const variable: Variable = VARIABLES[name];
  switch (variable.readBy) {
    case 'Builds and Functions':
      return 'Netlify: Site configuration → Environment variables, scopes Builds and Functions (docs/go-live.md)';
    case 'Builds':
      return 'Netlify: Site configuration → Environment variables, scope Builds (docs/go-live.md)';
    case 'Functions':
      return 'Netlify: Site configuration → Environment variables, scope Functions (docs/go-live.md)';
    case 'your machine':
      return 'your shell or .env';
    case 'Netlify sets it':
      return 'nowhere: Netlify sets it';
  }
}
