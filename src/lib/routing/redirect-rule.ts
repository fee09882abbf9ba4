/** One line of Netlify's _redirects file. Pure: the town helpers and src/lib/routing/redirects.ts share it. */
export interface RedirectRule {
  from: string;
  to: string;
  status: 301 | 302 | 404 | 200;
  /**
   * Query parameters the request must carry for the rule to apply, as Netlify writes them
   * (`{ sort: ':sort' }` is `sort=:sort`: any value). Other parameters do not stop a match.
   */
  query?: Readonly<Record<string, string>>;
  /** Apply the rule even where a page exists at `from` (Netlify's `!`). */
  force?: boolean;
}
