// The only route guard: /app needs a session, otherwise /login with the attempted path as returnUrl.
import { Navigate, Outlet, useLocation } from 'react-router';
import { LOGIN_PATH, loginPathWithReturn } from './return-url';
import { useSession } from './use-session';

export function RequireSession() {
  const { isLoggedIn, ended } = useSession();
  const location = useLocation();
  if (isLoggedIn) return <Outlet />;
  // After logout or an invalid token the user goes to a plain /login.
  const to = ended ? LOGIN_PATH : loginPathWithReturn(location.pathname, location.search);
  return <Navigate to={to} replace />;
}
