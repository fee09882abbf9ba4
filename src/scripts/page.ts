/**
 * The script of every page, loaded when the page is idle (src/first-paint/page-loader.ts): its
 * analytics events, and the speculation rules for its links.
 */
import './asc-page.ts';
import './speculation.ts';
