import { optional } from './callers';
import { privateFile } from './world';
import type { Row } from './callers';

/** Whoever has no agent of the browser's own is refused before anything is read (403 `agent_not_vouched`). */
const NO_AGENT = 403;

/**
 * The access matrix's rows of a collect the app tells of (`POST /api/coletado`): a browser's own signed agent,
 * and a photo the media gate shows it, as the collect page's serving collects.
 */
export const COLLECT_ROWS: Row[] = [
  {
    // A public event's photo: every browser with its agent collects it.
    route: 'POST /api/coletado',
    label: "a public event's photo",
    request: () => ({ method: 'POST', url: '/api/coletado', payload: { url: '/media/festa_ana/pad/a1.jpg' } }),
    expected: {
      ...optional(NO_AGENT, NO_AGENT),
      agentThief: 200,
      attendee: 200,
      attendeeSignedOut: 200,
      packHolder: 200,
      invited: 200,
      wallHolder: 200,
    },
  },
  {
    // A private event's photo, by its collect link: as the media gate opens it (the link grants the guest invited
    // elsewhere, and the wall's screen sees what its wall shows); a guest who was there, signed out, is asked to sign
    // in, as is a browser that holds the link but no login.
    route: 'POST /api/coletado',
    label: "a private event's photo, by its collect link",
    request: () => ({ method: 'POST', url: '/api/coletado', payload: { url: privateFile } }),
    expected: {
      ...optional(NO_AGENT, NO_AGENT),
      agentThief: 401,
      attendee: 200,
      attendeeSignedOut: 401,
      packHolder: 200,
      invited: 200,
      wallHolder: 200,
    },
  },
];
