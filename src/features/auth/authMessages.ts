import { IdentityError } from '../../api/identityGateway';

/** Said when the identity service fails in a way no sentence below names. */
export const IDENTITY_FALLBACK = 'Não foi possível entrar agora. Tente de novo em instantes.';

/** The identity service's refusals, readable in Portuguese. */
const READABLE: Record<string, string> = {
  'auth/invalid-credential': 'E-mail ou senha incorretos.',
  'auth/invalid-login-credentials': 'E-mail ou senha incorretos.',
  'auth/wrong-password': 'E-mail ou senha incorretos.',
  'auth/user-not-found': 'Não existe conta com este e-mail.',
  'auth/invalid-email': 'E-mail inválido.',
  'auth/missing-email': 'Digite o e-mail.',
  'auth/missing-password': 'Digite a senha.',
  'auth/invalid-password': 'Senha inválida.',
  'auth/email-already-in-use': 'Já existe uma conta com este e-mail.',
  'auth/credential-already-in-use': 'Esta conta Google já está ligada a outro usuário.',
  'auth/account-exists-with-different-credential': 'Já existe uma conta com este e-mail: entre com e-mail e senha.',
  'auth/weak-password': 'A senha precisa ter pelo menos 6 caracteres.',
  'auth/too-many-requests': 'Muitas tentativas. Aguarde um pouco e tente de novo.',
  'auth/network-request-failed': 'Sem conexão. Verifique sua internet e tente de novo.',
  'auth/timeout': 'O login demorou demais para responder. Tente de novo.',
  'auth/popup-closed-by-user': 'A janela de login foi fechada antes de terminar.',
  'auth/cancelled-popup-request': 'A janela de login foi fechada antes de terminar.',
  'auth/popup-blocked': 'O navegador bloqueou a janela de login. Permita pop-ups e tente de novo.',
  'auth/user-disabled': 'Esta conta foi desativada.',
  'auth/user-token-expired': 'Sua sessão expirou. Entre de novo.',
  'auth/requires-recent-login': 'Por segurança, entre de novo para continuar.',
  'auth/operation-not-allowed': 'Este jeito de entrar não está disponível.',
  'auth/web-storage-unsupported': 'Este navegador não guarda o login (armazenamento bloqueado). Tente outro navegador.',
  'auth/unauthorized-domain': 'O login não está disponível neste endereço.',
  'auth/quota-exceeded': 'O serviço de login está sobrecarregado. Tente de novo mais tarde.',
  'auth/internal-error': IDENTITY_FALLBACK,
  'auth/unavailable': 'O serviço de login está indisponível. Tente de novo mais tarde.',
};

/**
 * What the visitor reads when the identity service refuses (docs/product.md#sign-in-and-sign-up: its own message,
 * alerted and logged): a Portuguese sentence for every code, the service's message after it in
 * brackets, never the service's English alone.
 */
export function identityFailureMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const readable = (error instanceof IdentityError && READABLE[error.code]) || IDENTITY_FALLBACK;
  return raw && raw !== readable ? `${readable}\n(${raw})` : readable;
}
