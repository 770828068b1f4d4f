import { useAppSelector } from '../../session';
import { useGetFaceMatchesQuery, type FaceSearchArgs } from './faceApi';
import { selectFaceDeletion } from './faceDeletionSlice';
import { FaceHiding } from './FaceHiding';
import { faceKeptMessage } from './faceKept';

/**
 * What is kept of the visitor's face now, in one place of the screen and one sentence, from the
 * server's own answer (the search's `selfie` and `hidden`, asked again after each change) and the
 * deletion just made; with 'Não me mostre' or its undoing beside it.
 */
export function FaceKeptNotice({ search }: { search: FaceSearchArgs }) {
  const { data } = useGetFaceMatchesQuery(search, { skip: !search.agent });
  const deleted = useAppSelector(selectFaceDeletion).status === 'deleted';
  // Until the search is asked again, the answer from before the deletion still says a selfie is kept.
  const selfie = !deleted && data?.selfie === true;
  const message = faceKeptMessage({ selfie, hidden: data ? data.hidden : null, deleted });
  if (!message && !data?.hidden) return null;
  return (
    <section className="face__kept" aria-label="O que guardamos do seu rosto">
      {message && <p role="status">{message}</p>}
      {data && (selfie || data.hidden) && <FaceHiding search={search} hidden={data.hidden} />}
    </section>
  );
}
