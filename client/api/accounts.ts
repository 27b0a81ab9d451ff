import type { PasswordResetConfirmRequest, PasswordResetRequest, SignInRequest } from '../../shared/accounts';
import type { AccountInfo, DetailMessage } from '../../shared/entities';
import type { ApiClient } from './client';

/** docs/specification/shell.md §7, accounts. */
export const accountsApi = {
  info: (api: ApiClient) => api.request<AccountInfo>({ method: 'GET', path: '/api/accounts/info/' }),

  signIn: (api: ApiClient, email: string, password: string) =>
    api.request<AccountInfo>({
      method: 'POST',
      path: '/api/accounts/login/cookies/',
      body: { email, password } satisfies SignInRequest,
      timeoutMs: 15_000,
    }),

  signOut: (api: ApiClient) => api.request<DetailMessage>({ method: 'GET', path: '/api/accounts/logout/cookies/' }),

  resetPassword: (api: ApiClient, email: string) =>
    api.request<DetailMessage>({ method: 'POST', path: '/api/accounts/reset_password/', body: { email } satisfies PasswordResetRequest }),

  confirmPasswordReset: (api: ApiClient, token: string, newPassword: string) =>
    api.request<DetailMessage>({
      method: 'POST',
      path: '/api/accounts/reset_password/confirm/',
      body: { token, new_password: newPassword } satisfies PasswordResetConfirmRequest,
    }),
};
