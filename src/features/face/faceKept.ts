/**
 * What the server keeps of the visitor's face, said once: a kept selfie's numbers for
 * their own search (24 hours at most, `face_selfies`), a hidden face's numbers for 'Não me mostre'
 * (until they undo it, 394 days at most, `face_hidden`), both, or nothing. 'Apagar minhas fotos'
 * on this screen deletes the first and leaves the second, which is its own choice, undone by its
 * own button (docs/privacy.md): so after both, the one thing said is that the face's numbers are
 * still kept, for that alone.
 */
export interface FaceKept {
  /** A selfie's numbers are kept for the visitor's search. */
  selfie: boolean;
  /** The visitor asked not to be found ('Não me mostre'); null when the server has not said. */
  hidden: boolean | null;
  /** 'Apagar minhas fotos' has just deleted the selfie, on this visit. */
  deleted: boolean;
}

export const HIDDEN_TEXT =
  'Você pediu para não aparecer nas buscas de outros convidados: nos eventos em que você procura, as fotos em ' +
  'que reconhecemos o seu rosto ficam de fora dos resultados deles.';

const UNTIL_SHOWN = 'até você voltar a aparecer nas buscas (no máximo 394 dias)';

export function faceKeptMessage({ selfie, hidden, deleted }: FaceKept): string | null {
  if (hidden) {
    if (selfie)
      return (
        `${HIDDEN_TEXT} Guardamos os números do seu rosto para a sua busca (24 horas no máximo) e para isso, ` +
        `${UNTIL_SHOWN}.`
      );
    const before = deleted ? 'A sua selfie foi apagada da sua busca. ' : '';
    return `${before}${HIDDEN_TEXT} Por isso ainda guardamos os números do seu rosto, só para isso, ${UNTIL_SHOWN}.`;
  }
  if (selfie)
    return (
      'Guardamos os números do seu rosto por 24 horas no máximo, só para a sua busca: a imagem da selfie nunca é ' +
      'guardada.'
    );
  if (deleted)
    return hidden === false
      ? 'Sua selfie foi apagada: não guardamos mais nada do seu rosto.'
      : 'Sua selfie foi apagada.';
  return null;
}
