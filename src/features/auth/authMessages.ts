import { IdentityError } from '../../api/identity';

/** The identity service's common refusals, readable in Portuguese. */
const READABLE: Record<string, string> = {
  'auth/invalid-credential': 'E-mail ou senha incorretos.',
  'auth/wrong-password': 'E-mail ou senha incorretos.',
  'auth/user-not-found': 'Não existe conta com este e-mail.',
  'auth/invalid-email': 'E-mail inválido.',
  'auth/missing-password': 'Digite a senha.',
  'auth/email-already-in-use': 'Já existe uma conta com este e-mail.',
  'auth/weak-password': 'A senha precisa ter pelo menos 6 caracteres.',
  'auth/too-many-requests': 'Muitas tentativas. Aguarde um pouco e tente de novo.',
  'auth/network-request-failed': 'Sem conexão. Verifique sua internet e tente de novo.',
  'auth/popup-closed-by-user': 'A janela de login foi fechada antes de terminar.',
  'auth/popup-blocked': 'O navegador bloqueou a janela de login. Permita pop-ups e tente de novo.',
  'auth/user-disabled': 'Esta conta foi desativada.',
};

/**
 * What the visitor reads when the identity service refuses (SPEC section 8): a Portuguese line
 * for the common cases, followed by the service's own message, which is always kept.
 */
export function identityFailureMessage(error: unknown): string {
  if (error instanceof IdentityError) {
    const readable = READABLE[error.code];
    return readable ? `${readable}\n(${error.message})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
