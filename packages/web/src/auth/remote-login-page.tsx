// /remote-login?token=: drops the old session, exchanges the one-time token and opens /app/home.
import { useEffect, useRef } from 'react';
import { Center, Loader } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { loginRemote } from '../api/auth-api';
import { ERROR_HEADING } from '../api/client';
import { isApiError } from '../api/api-error';
import { endSession } from '../api/session-store';
import { loginWithToken } from '../session/session-actions';
import { showNote } from '../ui/notes';
import type { PendingSignIn } from './login-page';

export function RemoteLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  // The one-time token must be sent once, even when effects run twice (StrictMode).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Keep the token out of the address bar and the history at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    endSession();
    if (!token) {
      navigate('/login', { replace: true });
      return;
    }
    loginRemote(token)
      .then(async ({ token: sessionToken, secondFactor }) => {
        // A forgot-password link of an account with two-factor sign-in still asks for the code.
        if (secondFactor !== 'complete') {
          const pending: PendingSignIn = { token: sessionToken, secondFactor };
          return navigate('/login', { replace: true, state: { pending } });
        }
        await loginWithToken(sessionToken);
        return navigate('/app/home', { replace: true });
      })
      .catch((err: unknown) => {
        if (isApiError(err)) showNote({ type: 'error', heading: ERROR_HEADING, body: err.message });
        navigate('/login', { replace: true });
      });
  }, [token, navigate]);

  return (
    <Center mih="100vh">
      <Loader aria-label="Logging in" />
    </Center>
  );
}
