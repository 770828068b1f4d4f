import { useSearchParams } from 'react-router-dom';
import { EVENT_QUERY } from '../../../contract/eventAddress';
import { isName } from '../../../contract/names';
import { selectSession, useAppSelector } from '../../session';
import { faceSearchEvents } from './faceSearchEvents';

/** The events the face screen searches: the page's (`?evento=`, from the gallery's link) and the visitor's own. */
export function useFaceSearchEvents(): string {
  const [params] = useSearchParams();
  const { events } = useAppSelector(selectSession);
  const named = params.get(EVENT_QUERY) ?? '';
  return faceSearchEvents(isName(named) ? named : undefined, events);
}
