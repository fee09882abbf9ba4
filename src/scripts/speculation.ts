import { savesData, SPECULATION_RULES_TEXT } from '../lib/site/speculation.ts';

/**
 * Adds the site's speculation rules to the page (src/lib/site/speculation.ts,
 * docs/decisions/speculative-loading.md), unless the visitor saves data (Save-Data or a 2G
 * connection). Runs with the page's script, once the page is idle: nothing is speculated before.
 */
const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
if (HTMLScriptElement.supports?.('speculationrules') && !savesData(connection)) {
  const rules = document.createElement('script');
  rules.type = 'speculationrules';
  rules.textContent = SPECULATION_RULES_TEXT;
  document.head.append(rules);
}
