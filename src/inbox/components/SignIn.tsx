import { useStore } from '@nanostores/react';
import { $localSignIn, signInLocally, signInWithGitHub } from '../state.ts';
import { BUTTON, H1, HINT, PRIMARY } from './ui.tsx';

/** Signing in with the GitHub account the site is edited with (docs/decisions/dealer-inbox.md §Who). */
export default function SignIn({ hidden }: { hidden: boolean }) {
  const local = useStore($localSignIn);
  return (
    <section aria-labelledby="sign-in-title" hidden={hidden}>
      <h1 id="sign-in-title" className={H1}>
        Sign in to read the leads
      </h1>
      <p>Use the GitHub account you edit the site with. Only people who may edit the site see its leads.</p>
      <p className="my-3">
        <button type="button" className={PRIMARY} onClick={signInWithGitHub}>
          Sign in with GitHub
        </button>
      </p>
      {local && (
        <p className="my-3">
          <button type="button" className={BUTTON} onClick={signInLocally}>
            Sign in locally
          </button>{' '}
          <span className={HINT}>
            (this machine only, for <code>npm start</code>)
          </span>
        </p>
      )}
    </section>
  );
}
