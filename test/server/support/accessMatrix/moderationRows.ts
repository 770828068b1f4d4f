import { only, type Row } from './callers';

/**
 * The access matrix's moderation rows (docs/api.md#moderation): the event's owner and the team
 * alone. The changes are made on an event nobody here owns, and change nothing the other rows read
 * (approving a photo that waits for nothing; approval off, as it was).
 */
export const MODERATION_ROWS: Row[] = [
  {
    route: 'GET /api/events/:bname/moderacao',
    request: () => ({ method: 'GET', url: '/api/events/privada/moderacao?filtro=fila' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    route: 'POST /api/events/:bname/moderacao',
    request: () => ({
      method: 'POST',
      url: '/api/events/outra/moderacao',
      payload: { url: '/media/outra/pad/o1.jpg', action: 'approve' },
    }),
    expected: only('team', 200),
  },
  {
    route: 'PUT /api/events/:bname/moderacao/ajustes',
    request: () => ({
      method: 'PUT',
      url: '/api/events/outra/moderacao/ajustes',
      payload: { wallApproval: false, holdGalleries: false },
    }),
    expected: only('team', 200),
  },
];
