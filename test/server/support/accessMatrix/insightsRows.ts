import { only, optional } from './callers';
import { privateFile } from './world';
import type { Row } from './callers';

/** The access matrix's rows of 'A festa em números': an event's figures, and the beacon of a share. */
export const INSIGHTS_ROWS: Row[] = [
  {
    // The night's figures: its owner and the team.
    route: 'GET /api/events/:bname/numeros',
    request: () => ({ method: 'GET', url: '/api/events/privada/numeros' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    route: 'GET /api/events/:bname/numeros/csv',
    request: () => ({ method: 'GET', url: '/api/events/privada/numeros/csv' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    // A public event's photo: any phone that shares it tells.
    route: 'POST /api/compartilhado',
    label: "a public event's photo",
    request: () => ({ method: 'POST', url: '/api/compartilhado', payload: { url: '/media/festa_ana/pad/a1.jpg' } }),
    expected: optional(200, 200),
  },
  {
    // A private event's photo, by its collect link: those its files open to, as the media gate opens them (the guest
    // invited elsewhere is granted it by the link, as there), but no wall's screen, which shares nothing; to the others
    // (a guest who was there, signed out, included) it is a photo that is not there.
    route: 'POST /api/compartilhado',
    label: "a private event's photo, by its collect link",
    request: () => ({ method: 'POST', url: '/api/compartilhado', payload: { url: privateFile } }),
    expected: { ...optional(404, 404), owner: 200, attendee: 200, packHolder: 200, invited: 200, team: 200 },
  },
];
