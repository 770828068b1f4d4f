import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api, apiExtraOf } from '../api/apiSlice';
import { IdentityError, type AuthUser, type IdentityGateway } from '../api/identityGateway';

/** Identity calls are endpoints too (docs/architecture.md#machines-and-flows), through the store's identity gateway. */
type IdentityFailure = Extract<FetchBaseQueryError, { status: 'CUSTOM_ERROR' }>;

function failure(code: string, message: string): { error: IdentityFailure } {
  return { error: { status: 'CUSTOM_ERROR', error: message, data: { code, message } } };
}

async function withIdentity<T>(
  extra: unknown,
  work: (identity: IdentityGateway) => Promise<T>,
): Promise<{ data: T } | { error: IdentityFailure }> {
  const identity = apiExtraOf(extra)?.identity;
  if (!identity) return failure('auth/unavailable', 'Serviço de login indisponível.');
  try {
    return { data: await work(identity) };
  } catch (error) {
    const { code, message } = error instanceof IdentityError ? error : new IdentityError('auth/unknown', String(error));
    return failure(code, message);
  }
}

export const identityApi = api.injectEndpoints({
  endpoints: (build) => ({
    signInWithPassword: build.mutation<AuthUser, { email: string; password: string }>({
      queryFn: ({ email, password }, { extra }) =>
        withIdentity(extra, (identity) => identity.signInWithPassword(email.trim(), password)),
    }),
    signUpWithPassword: build.mutation<AuthUser, { email: string; password: string; displayName: string }>({
      queryFn: ({ email, password, displayName }, { extra }) =>
        withIdentity(extra, (identity) => identity.signUpWithPassword(email.trim(), password, displayName.trim())),
    }),
    signInWithGoogle: build.mutation<AuthUser, void>({
      queryFn: (_arg, { extra }) => withIdentity(extra, (identity) => identity.signInWithGoogle()),
    }),
    signOut: build.mutation<null, void>({
      queryFn: (_arg, { extra }) => withIdentity(extra, async (identity) => (await identity.signOut(), null)),
      invalidatesTags: ['Account', 'Transactions', 'OwnEvents', 'Team'],
    }),
  }),
});

export const { useSignInWithPasswordMutation, useSignUpWithPasswordMutation, useSignInWithGoogleMutation } =
  identityApi;

/** The identity error an endpoint returned, as the IdentityError it was. */
export function identityErrorOf(error: unknown): IdentityError {
  const data = (error as { data?: { code?: string; message?: string } } | undefined)?.data;
  return new IdentityError(data?.code ?? 'auth/unknown', data?.message ?? String(error));
}
