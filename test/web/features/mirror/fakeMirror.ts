import { http, HttpResponse } from 'msw';
import { API, network } from '../../../support/network';

export const SESSION = { dh: 'espelho-1', sh: 'qr1', agent: 'agentmirror1' };
export const MIRROR_LINK = `/espelho?dh=${SESSION.dh}&sh=${SESSION.sh}&agent=${SESSION.agent}`;
export const IMAGE = '/media/loja/feed/espelho-123.jpg';

export const MODES = [
  {
    title: 'Anime',
    description: 'Vire personagem de anime.',
    icon: '/media/loja/feed/espelho-anime.png',
    background: '#f7c6e0',
  },
  {
    title: 'Pintura a óleo',
    description: 'Seu retrato pintado à mão.',
    icon: '/media/loja/feed/espelho-oleo.png',
    background: '/media/loja/feed/fundo-oleo.jpg',
  },
];

export const SCENARIOS: Record<string, { title: string; icon: string; background: string }[]> = {
  Anime: [
    { title: 'Escola de magia', icon: '/media/loja/feed/magia.png', background: '#c3b1e1' },
    { title: 'Festival de verão', icon: '', background: '#ffd1a9' },
  ],
  'Pintura a óleo': [{ title: 'Noite estrelada', icon: '', background: '#3a6ea5' }],
};

export interface Failure {
  status: number;
  error: string;
  message: string;
}

export interface MirrorOptions {
  /** get_last_image's replies in turn; `no_image` once they run out. */
  images?: string[];
  /** Calls (`start`, `mode`, `prompt`, ...) that fail, once each, with this error body. */
  failures?: Partial<Record<string, Failure>>;
}

/**
 * The mirror's side of docs/api.md#the-contracts-calls for one QR code: every call is recorded (msw decodes the
 * segments) in the order it came (`start/0`, `mode/Anime`, `get_last_image/0` ...).
 */
export function fakeMirror({ images = [], failures = {} }: MirrorOptions = {}) {
  const calls: string[] = [];
  const pending = { ...failures };
  const base = `${API}/espelho/${SESSION.dh}/${SESSION.sh}/${SESSION.agent}`;
  const answer = (name: string, ok: () => Response) => {
    const failure = pending[name];
    if (failure) {
      delete pending[name];
      return HttpResponse.json({ error: failure.error, message: failure.message }, { status: failure.status });
    }
    return ok();
  };
  network.use(
    http.get(`${base}/:call/:arg`, ({ params }) => {
      const name = String(params.call);
      calls.push(`${name}/${String(params.arg)}`);
      switch (name) {
        case 'start':
          return answer(name, () => HttpResponse.text('start_ok'));
        case 'get_modes':
          return answer(name, () => HttpResponse.json(MODES));
        case 'mode':
          return answer(name, () => HttpResponse.text('mode_ok'));
        case 'get_prompts':
          return answer(name, () => HttpResponse.json(SCENARIOS[String(params.arg)] ?? []));
        case 'prompt':
          return answer(name, () => HttpResponse.text('prompt_ok'));
        case 'get_last_image':
          return answer(name, () => HttpResponse.text(images.shift() ?? 'no_image'));
        case 'restart':
          return answer(name, () => HttpResponse.text('restart_ok'));
        default:
          return HttpResponse.json({ error: 'not_found', message: 'Rota desconhecida.' }, { status: 404 });
      }
    }),
  );
  return {
    calls,
    count: (name: string) => calls.filter((call) => call.startsWith(`${name}/`)).length,
    /** The calls that change the session (the catalogue reads left out). */
    steps: () => calls.filter((call) => !call.startsWith('get_modes/') && !call.startsWith('get_prompts/')),
  };
}
