import { type ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Field } from './field.js';
import { keystone, type SignInState } from './keystone-session.js';

function useSignInState(): SignInState {
  const [state, setState] = useState(keystone.state);
  useEffect(() => {
    const stop = keystone.subscribe(setState);
    // A change between the first render and this effect.
    setState(keystone.state);
    return stop;
  }, []);
  return state;
}

/**
 * The console, or the sign-in while the gateway wants a Keystone token. Signing in mounts the
 * console afresh: nothing read with another token (or none) stays on the page.
 */
export function KeystoneGate({ children }: { children: ComponentChildren }) {
  const state = useSignInState();
  return state.needed ? <SignIn refused={state.refused} /> : <>{children}</>;
}

function SignIn({ refused }: { refused: boolean }) {
  const [token, setToken] = useState('');
  return (
    <>
      <header class="top">
        <h1>ironledger</h1>
      </header>
      <main class="sign-in">
        <form class="panel" aria-labelledby="sign-in-title" onSubmit={(event) => (event.preventDefault(), keystone.signIn(token))}>
          <h2 id="sign-in-title">Sign in with a Keystone token</h2>
          {refused && (
            <p class="error" role="alert">
              The gateway refused the token: it is not valid, or it has expired. Issue a new one and sign in again.
            </p>
          )}
          <p>
            This gateway authenticates its callers with Keystone. The console sends your token as <code>X-Auth-Token</code> and keeps it in this tab
            until you sign out; you see what the token's project or system scope may see.
          </p>
          <Field id="keystone-token" label="Token">
            <input id="keystone-token" type="password" autocomplete="off" spellcheck={false} value={token} onInput={(event) => setToken(event.currentTarget.value)} />
          </Field>
          <p class="muted">
            Issue one with <code>openstack token issue -f value -c id</code>
          </p>
          <button type="submit" class="primary" disabled={token.trim() === ''}>
            Sign in
          </button>
        </form>
      </main>
    </>
  );
}

/** Forgets the Keystone token; shown only while the console has one. */
export function SignOut() {
  if (keystone.token === null) return null;
  return (
    <button type="button" class="sign-out" onClick={() => keystone.signOut()}>
      Sign out
    </button>
  );
}
