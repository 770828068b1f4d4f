import { api, LIST } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type {
  AccessRevokedReply,
  EventAccessReply,
  FreeNameReply,
  NameCheckReply,
  OwnEvent,
  Transaction,
  TitleChange,
  TitleReply,
  VisibilityChange,
  VisibilityReply,
  WallLinkReply,
  EventPrintersReply,
  PrintSettings,
  TeamEvent,
  FaceSearchSetting,
  FaceSearchStatusReply,
} from '../../../contract/wire';
import type { EventName } from '../../../contract/names';

/** What a mutation's onQueryStarted is given that showOnceAnswered needs. */
interface Answering<T> {
  dispatch: (action: unknown) => unknown;
  queryFulfilled: Promise<{ data: T }>;
}

/**
 * A change whose answer is the state now (a wall link renewed or revoked: the link shown until then
 * no longer opens the wall; face search turned on or off): the dashboard shows the server's answer
 * the moment it comes, put in the cache by `show`, without asking again. Refused, what is shown
 * stays what the server has.
 */
async function showOnceAnswered<T>(
  show: (data: T) => unknown,
  { dispatch, queryFulfilled }: Answering<T>,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(show(data));
  } catch {
    // Refused: nothing changed.
  }
}

/** The account area's own calls: orders, paid events and the event-name check. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkEventName: build.query<NameCheckReply, string>({
      query: (name) => ({ url: path`/check_bname/${name}`, responseHandler: 'text' }),
      extraOptions: { auth: 'optional' },
      providesTags: (_result, _error, name) => [{ type: 'EventName', id: name }],
      keepUnusedDataFor: 0,
    }),
    loadEvents: build.query<OwnEvent[], void>({
      query: () => '/load_events',
      extraOptions: { auth: 'required' },
      providesTags: [{ type: 'OwnEvents', id: LIST }],
    }),
    loadTransactions: build.query<Transaction[], void>({
      query: () => '/load_transactions',
      extraOptions: { auth: 'required' },
      providesTags: [{ type: 'Transactions', id: LIST }],
    }),
    /**
     * One order as its buyer follows its payment: the account's own, or, signed out, the one this
     * browser placed (the server reads its claim cookie). Asked again while it waits.
     */
    getOrder: build.query<Transaction, string>({
      query: (orderId) => path`/orders/${orderId}`,
      extraOptions: { auth: 'optional' },
      providesTags: (_result, _error, orderId) => [{ type: 'Transactions', id: orderId }],
    }),
    /** The first free variant of a taken name ('-2', '-3', ...), offered to the owner. */
    freeEventName: build.query<FreeNameReply, string>({
      query: (name) => path`/free_bname/${name}`,
      extraOptions: { auth: 'optional' },
      keepUnusedDataFor: 0,
    }),
    /** The event of a paid order, under its name, with the title people read. */
    createEvent: build.mutation<string, { name: string; orderId: string; title?: string }>({
      query: ({ name, orderId, title }) => ({
        url: `${path`/create_event/${name}/${orderId}`}${title ? `?title=${encodeURIComponent(title)}` : ''}`,
        responseHandler: 'text',
      }),
      extraOptions: { auth: 'required' },
      invalidatesTags: (_result, _error, { name }) => [
        { type: 'OwnEvents', id: LIST },
        { type: 'EventName', id: name },
        { type: 'VisitedEvents', id: LIST },
        'Account',
      ],
    }),
    /** The owner (or the team) sets who sees an event's media; galleries and cards follow. */
    setEventVisibility: build.mutation<VisibilityReply, VisibilityChange & { eventName: EventName }>({
      query: ({ eventName, visibility }) => ({
        url: path`/events/${eventName}/visibility`,
        method: 'PUT',
        body: { visibility },
      }),
      extraOptions: { auth: 'required' },
      invalidatesTags: [
        { type: 'OwnEvents', id: LIST },
        { type: 'TeamEvents', id: LIST },
        { type: 'VisitedEvents', id: LIST },
        'BoothMedia',
        'DeviceLast',
        'EventAccess',
        'WallLink',
      ],
    }),
    /** The owner (or the team) gives the event a new title: every screen that shows it follows. */
    setEventTitle: build.mutation<TitleReply, TitleChange & { eventName: EventName }>({
      query: ({ eventName, title }) => ({ url: path`/events/${eventName}/title`, method: 'PUT', body: { title } }),
      extraOptions: { auth: 'required' },
      invalidatesTags: [
        { type: 'OwnEvents', id: LIST },
        { type: 'TeamEvents', id: LIST },
        { type: 'VisitedEvents', id: LIST },
        'Event',
        'Pack',
      ],
    }),
    /** How many guests' phones and accounts may see the owner's event (counts, never who). */
    getEventAccess: build.query<EventAccessReply, string>({
      query: (eventName) => path`/events/${eventName}/access`,
      extraOptions: { auth: 'required' },
      providesTags: (_result, _error, eventName) => [{ type: 'EventAccess', id: eventName }],
    }),
    /** Takes every guest's access away at once (the event gets a new link). */
    revokeEventAccess: build.mutation<AccessRevokedReply, string>({
      query: (eventName) => ({ url: path`/events/${eventName}/access/revoke`, method: 'POST' }),
      extraOptions: { auth: 'required' },
      invalidatesTags: (_result, _error, eventName) => [
        { type: 'EventAccess', id: eventName },
        { type: 'OwnEvents', id: LIST },
        // The wall's address is the event's public id, which changed.
        { type: 'WallLink', id: eventName },
      ],
    }),
    /** The team's events, newest first; with a search, those whose name, title or owner's email holds it. */
    loadTeamEvents: build.query<TeamEvent[], string>({
      query: (search) => (search ? `/team/events?busca=${encodeURIComponent(search)}` : '/team/events'),
      extraOptions: { auth: 'required' },
      providesTags: [{ type: 'TeamEvents', id: LIST }],
    }),
    /** The event's printers and its print queue, as they are now (watched during the party). */
    getEventPrinters: build.query<EventPrintersReply, string>({
      query: (eventName) => path`/events/${eventName}/impressoras`,
      extraOptions: { auth: 'required' },
      keepUnusedDataFor: 0,
    }),
    getPrintSettings: build.query<PrintSettings, string>({
      query: (eventName) => path`/events/${eventName}/impressao`,
      extraOptions: { auth: 'required' },
      providesTags: (_result, _error, eventName) => [{ type: 'PrintSettings', id: eventName }],
    }),
    setPrintSettings: build.mutation<PrintSettings, PrintSettings & { eventName: EventName }>({
      query: ({ eventName, paper }) => ({ url: path`/events/${eventName}/impressao`, method: 'PUT', body: { paper } }),
      extraOptions: { auth: 'required' },
      invalidatesTags: (_result, _error, { eventName }) => [{ type: 'PrintSettings', id: eventName }],
    }),
    /** The event's face search: on or off, and how far its index is. */
    getFaceSearch: build.query<FaceSearchStatusReply, string>({
      query: (eventName) => path`/events/${eventName}/rostos`,
      extraOptions: { auth: 'required' },
      providesTags: (_result, _error, eventName) => [{ type: 'FaceSearch', id: eventName }],
    }),
    setFaceSearch: build.mutation<FaceSearchStatusReply, FaceSearchSetting & { eventName: EventName }>({
      query: ({ eventName, enabled }) => ({ url: path`/events/${eventName}/rostos`, method: 'PUT', body: { enabled } }),
      extraOptions: { auth: 'required' },
      onQueryStarted: ({ eventName }, api): Promise<void> =>
        showOnceAnswered(
          (data: FaceSearchStatusReply): unknown => accountApi.util.upsertQueryData('getFaceSearch', eventName, data),
          api,
        ),
    }),
    /** The event's wall: its address and its link's key (null: none). */
    getWallLink: build.query<WallLinkReply, string>({
      query: (eventName) => path`/events/${eventName}/telao`,
      extraOptions: { auth: 'required' },
      providesTags: (_result, _error, eventName) => [{ type: 'WallLink', id: eventName }],
    }),
    /** A new wall link (the old one stops opening the wall): the link shown is the answer's, at once. */
    renewWallLink: build.mutation<WallLinkReply, string>({
      query: (eventName) => ({ url: path`/events/${eventName}/telao`, method: 'POST' }),
      extraOptions: { auth: 'required' },
      onQueryStarted: (eventName, api): Promise<void> =>
        showOnceAnswered(
          (data: WallLinkReply): unknown => accountApi.util.upsertQueryData('getWallLink', eventName, data),
          api,
        ),
    }),
    revokeWallLink: build.mutation<WallLinkReply, string>({
      query: (eventName) => ({ url: path`/events/${eventName}/telao`, method: 'DELETE' }),
      extraOptions: { auth: 'required' },
      onQueryStarted: (eventName, api): Promise<void> =>
        showOnceAnswered(
          (data: WallLinkReply): unknown => accountApi.util.upsertQueryData('getWallLink', eventName, data),
          api,
        ),
    }),
  }),
});

export const {
  useLoadEventsQuery,
  useLoadTeamEventsQuery,
  useGetFaceSearchQuery,
  useSetFaceSearchMutation,
  useLoadTransactionsQuery,
  useGetOrderQuery,
  useSetEventVisibilityMutation,
  useSetEventTitleMutation,
  useGetEventAccessQuery,
  useRevokeEventAccessMutation,
  useGetWallLinkQuery,
  useRenewWallLinkMutation,
  useRevokeWallLinkMutation,
  useGetEventPrintersQuery,
  useGetPrintSettingsQuery,
  useSetPrintSettingsMutation,
} = accountApi;
