import { apiErrorServerMessage, apiErrorStatus, errorMessage } from '../../api/apiError';

/**
 * Why a message's 'Parar de receber' link did not stop anything, in Portuguese: the server's own sentence when it gave
 * one, else what its status means for a link (unknown, expired), else the connection's trouble.
 */
export function stopLinkProblem(error: unknown): string {
  const said = apiErrorServerMessage(error);
  if (said) return said;
  switch (apiErrorStatus(error)) {
    case 400:
    case 404:
      return 'Este link não é válido: confira se ele veio inteiro da mensagem que você recebeu.';
    case 410:
      return 'Este link expirou. Você pode parar de receber na página do evento, em "Receber minhas fotos".';
    case 429:
      return 'Muitas tentativas seguidas: espere um pouco e tente de novo.';
    default:
      return `Não foi possível parar agora: ${errorMessage(error)}`;
  }
}
