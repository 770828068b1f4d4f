/**
 * 'Compartilhar' on 'Minha Coleção', as a machine: the photos are fetched first
 * (preparing), then handed to the system's sheet with a second tap (a share must start from a tap
 * on a page that is ready: fetching in between would lose the gesture). `F` is what a file is
 * (File in the browser): the machine knows nothing of the DOM.
 */
export type Sharing<F> =
  | { step: 'idle' }
  | { step: 'preparing' }
  | { step: 'ready'; files: F[] }
  | { step: 'done' }
  | { step: 'failed'; message: string };

export type SharingEvent<F> =
  /** The guest taps 'Compartilhar'. */
  | { type: 'prepare' }
  /** The fetch ended with these files (none: nothing could be loaded). */
  | { type: 'prepared'; files: F[] }
  /** The system's sheet shared them. */
  | { type: 'shared' }
  /** The guest closed the sheet: no failure, the files stay ready. */
  | { type: 'dismissed' }
  /** The phone refused to share them. */
  | { type: 'refused' };

export const LOAD_FAILED = 'Não foi possível carregar as fotos. Verifique sua conexão.';
export const SHARE_REFUSED = 'O celular não aceitou compartilhar as fotos.';

export const SHARING_IDLE = { step: 'idle' } as const;

/** The next state; an event that does not apply where the flow stands changes nothing. */
export function shareFlow<F>(state: Sharing<F>, event: SharingEvent<F>): Sharing<F> {
  switch (event.type) {
    case 'prepare':
      // Once preparing or ready, another tap is not another fetch.
      return state.step === 'preparing' || state.step === 'ready' ? state : { step: 'preparing' };
    case 'prepared':
      if (state.step !== 'preparing') return state;
      return event.files.length > 0 ? { step: 'ready', files: event.files } : { step: 'failed', message: LOAD_FAILED };
    case 'shared':
      return state.step === 'ready' ? { step: 'done' } : state;
    case 'dismissed':
      return state;
    case 'refused':
      return state.step === 'ready' ? { step: 'failed', message: SHARE_REFUSED } : state;
  }
}
