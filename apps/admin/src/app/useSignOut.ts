import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../api/admin';
import { clearToken } from '../api/storage';

/** Ends the admin session on the server (best effort) and here, and shows the login. */
export function useSignOut() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async () => {
    // The token is dropped here even when the server cannot be reached: this browser is signed out either way.
    await logout().catch(() => undefined);
    clearToken();
    client.clear();
    navigate('/login', { replace: true });
  };
}
