import { api } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import type {
  ModeratedMedium,
  ModerationChange,
  ModerationFilter,
  ModerationReply,
  ModerationSettingsChange,
  ModerationSettingsReply,
} from '../../../contract/wire';

/** A page of the event's media as the owner moderates it: which ones (`filtro`), after which (`antes`). */
export interface ModerationPageArgs {
  eventName: string;
  filtro: ModerationFilter;
  antes: string | null;
}

const moderationTags = api.enhanceEndpoints({ addTagTypes: ['Moderation'] });

/** The owner's (and the team's) moderation of an event (docs/api.md#moderation). */
export const moderationApi = moderationTags.injectEndpoints({
  endpoints: (build) => ({
    getModeration: build.query<ModerationReply, ModerationPageArgs>({
      query: ({ eventName, filtro, antes }) =>
        path`/events/${eventName}/moderacao` +
        `?filtro=${filtro}` +
        (antes ? `&antes=${encodeURIComponent(antes)}` : ''),
      extraOptions: { auth: 'required' },
      providesTags: (_result, _error, { eventName }) => [{ type: 'Moderation', id: eventName }],
    }),
    /** One medium hidden, shown or approved: every page of the event is asked again (counts and filters move). */
    moderateMedium: build.mutation<ModeratedMedium, ModerationChange & { eventName: string }>({
      query: ({ eventName, url, action }) => ({
        url: path`/events/${eventName}/moderacao`,
        method: 'POST',
        body: { url, action },
      }),
      extraOptions: { auth: 'required' },
      invalidatesTags: (_result, _error, { eventName }) => [{ type: 'Moderation', id: eventName }],
    }),
    setModerationSettings: build.mutation<ModerationSettingsReply, ModerationSettingsChange & { eventName: string }>({
      query: ({ eventName, wallApproval, holdGalleries }) => ({
        url: path`/events/${eventName}/moderacao/ajustes`,
        method: 'PUT',
        body: { wallApproval, holdGalleries },
      }),
      extraOptions: { auth: 'required' },
      invalidatesTags: (_result, _error, { eventName }) => [{ type: 'Moderation', id: eventName }],
    }),
  }),
});

export const { useGetModerationQuery, useModerateMediumMutation, useSetModerationSettingsMutation } = moderationApi;
