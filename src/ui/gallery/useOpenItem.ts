import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * The gallery item shown in full, kept in the `item` query parameter: the back button closes it,
 * and a reload or a shared link opens it again. The location's state (the event) is kept.
 */
export function useOpenItem(): [string | null, (url: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const setOpen = (url: string | null) => {
    const next = new URLSearchParams(params);
    if (url) next.set('item', url);
    else next.delete('item');
    setParams(next, { replace: url === null, preventScrollReset: true, state: location.state });
  };
  return [params.get('item'), setOpen];
}
