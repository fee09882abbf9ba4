/**
 * The admin's GitHub sign-in through Netlify's OAuth provider (docs/editors.md §Admin), for the
 * inbox page: the same window and the same messages as Sveltia CMS and Decap use. Netlify's page
 * says "authorizing:github", we answer it, and it sends
 * "authorization:github:success:{"token":"…","provider":"github"}" (or ":error:…").
 */

export const NETLIFY_AUTH_ORIGIN = 'https://api.netlify.com';

export function githubSignIn(siteDomain: string): Promise<string> {
  const url = new URL('/auth', NETLIFY_AUTH_ORIGIN);
  url.search = new URLSearchParams({ provider: 'github', site_id: siteDomain, scope: 'repo' }).toString();
  const popup = window.open(url.href, 'inbox-sign-in', 'popup,width=600,height=720');
  if (!popup) return Promise.reject(new Error('The sign-in window was blocked. Allow pop-ups for this site and try again.'));
  return new Promise((resolve, reject) => {
    const done = (finish: () => void) => {
      window.removeEventListener('message', listen);
      clearInterval(watch);
      finish();
    };
    const listen = (event: MessageEvent) => {
      if (event.origin !== NETLIFY_AUTH_ORIGIN || typeof event.data !== 'string') return;
      if (event.data === 'authorizing:github') {
        popup.postMessage(event.data, event.origin);
        return;
      }
      const match = /^authorization:github:(success|error):(.*)$/s.exec(event.data);
      if (!match) return;
      let token = '';
      try {
        const body = JSON.parse(match[2] ?? '{}') as { token?: unknown };
        token = typeof body.token === 'string' ? body.token : '';
      } catch {
        token = '';
      }
      popup.close();
      done(() => (match[1] === 'success' && token ? resolve(token) : reject(new Error('GitHub did not sign you in. Try again.'))));
    };
    const watch = setInterval(() => {
      if (popup.closed) done(() => reject(new Error('The sign-in window was closed before the sign-in finished.')));
    }, 500);
    window.addEventListener('message', listen);
  });
}
