import { createRoot } from 'react-dom/client';
import Inbox from './components/Inbox.tsx';

/**
 * The inbox page's script (src/pages/admin/leads.astro): the page is a static frame without lead
 * data, and the inbox is drawn into it in the browser. A root of its own, not an Astro island:
 * the page stays out of the first-paint pass (no inline island runtime, whose hash the site's
 * policy would have to allow), and nothing of it can be rendered at build time but the frame.
 */
const root = document.getElementById('inbox');
if (root) createRoot(root).render(<Inbox />);
