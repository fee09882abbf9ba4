/** One line of Netlify's _redirects file. Pure: the town helpers and src/lib/redirects.ts share it. */
export interface RedirectRule {
  from: string;
  to: string;
  status: 301 | 302 | 404 | 200;
}
