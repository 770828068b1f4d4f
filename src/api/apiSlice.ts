import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import type { IdentityGateway } from './identityGateway';
import { apiBaseFrom } from '../../contract/runtimeConfig';
import { withEarlyResponses } from '../firstPaint/earlyResponses';
import { runtimeConfig } from './runtimeConfigReader';
import type { ApiErrorBody } from '../../contract/wire';
import { isApiErrorBody } from './apiError';

/**
 * Which calls carry the visitor's identity. `required`: the call fails at once, without reaching
 * the network, when nobody is signed in. `optional`: the token is sent when there is one.
 */
type AuthMode = 'none' | 'optional' | 'required';

interface ApiExtraOptions {
  auth?: AuthMode;
}

/** What the store hands to the base query and to queryFn endpoints (the thunk's extra argument). */
export interface ApiExtra {
  /** A fresh identity token for the signed-in user, or null when there is none. */
  getIdToken: () => Promise<string | null>;
  /** The identity service, for the sign-in endpoints; null where there is none. */
  identity: IdentityGateway | null;
}

const TAG_TYPES = [
  'Event',
  'VisitedEvents',
  'BoothMedia',
  'DeviceLast',
  'MediaAccess',
  'Pack',
  'Account',
  'OwnEvents',
  'TeamEvents',
  'EventAccess',
  'WallLink',
  'PrintSettings',
  'FaceSearch',
  'FaceMatches',
  'Transactions',
  'EventName',
  'Contracts',
  'Deals',
  'Shop',
  'Team',
  'PartnerName',
  'Mirror',
  'Ultra',
  'Leads',
  'Privacy',
] as const;

export const LIST = 'LIST';

/** `{backend}` of docs/api.md#basics, for this page (contract/runtimeConfig.ts). */
export function apiBaseUrl(): string {
  return apiBaseFrom(runtimeConfig().apiBase, typeof window !== 'undefined' ? window.location.origin : '');
}

/** The store's extra argument, when it is one (a bare test store has none). */
export function apiExtraOf(extra: unknown): ApiExtra | null {
  if (typeof extra !== 'object' || extra === null || !('getIdToken' in extra) || typeof extra.getIdToken !== 'function')
    return null;
  return extra as ApiExtra;
}

/** Turns a JSON error body read as text (text endpoints) back into `{ error, message }`. */
function normaliseError(error: FetchBaseQueryError): FetchBaseQueryError {
  if (typeof error.status === 'number' && typeof error.data === 'string') {
    try {
      const parsed: unknown = JSON.parse(error.data);
      if (isApiErrorBody(parsed)) return { status: error.status, data: parsed };
    } catch {
      // Not JSON: keep the text as it came.
    }
  }
  return error;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  // Global fetch is looked up per call (tests replace it); a booth gallery's first calls may
  // already have been asked for by the page's early script.
  fetchFn: withEarlyResponses(
    (input, init) => fetch(input, init),
    () => (typeof window !== 'undefined' ? (window as unknown as Record<string, unknown>) : {}),
    () => (typeof performance !== 'undefined' ? performance.now() : 0),
  ),
  // The origin is read per call so that a test (or a page moved by history) always sees the
  // current one; fetchBaseQuery joins it with the endpoint's path below.
});

const unauthenticated: FetchBaseQueryError = {
  status: 401,
  data: { error: 'unauthenticated', message: 'Faça login para continuar.' } satisfies ApiErrorBody,
};

const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  request.url = apiBaseUrl() + request.url;
  const mode = extraOptions?.auth ?? 'none';
  if (mode !== 'none') {
    const token = (await apiExtraOf(api.extra)?.getIdToken()) ?? null;
    if (token) {
      const headers = new Headers(request.headers as HeadersInit | undefined);
      headers.set('idToken', token);
      request.headers = headers;
    } else if (mode === 'required') {
      return { error: unauthenticated };
    }
  }
  const result = await rawBaseQuery(request, api, extraOptions);
  return result.error ? { ...result, error: normaliseError(result.error) } : result;
};

/** The one API slice: features add their endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
