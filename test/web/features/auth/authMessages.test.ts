import { IdentityError } from '../../../../src/api/identityGateway';
import { IDENTITY_FALLBACK, identityFailureMessage } from '../../../../src/features/auth/authMessages';

describe('identityFailureMessage', () => {
  it('puts a Portuguese sentence first and keeps the service message in brackets', () => {
    expect(
      identityFailureMessage(new IdentityError('auth/internal-error', 'Firebase: Error (auth/internal-error).')),
    ).toBe(`${IDENTITY_FALLBACK}\n(Firebase: Error (auth/internal-error).)`);
    expect(
      identityFailureMessage(
        new IdentityError(
          'auth/weak-password',
          'Firebase: Password should be at least 6 characters (auth/weak-password).',
        ),
      ),
    ).toBe(
      'A senha precisa ter pelo menos 6 caracteres.\n(Firebase: Password should be at least 6 characters ' +
        '(auth/weak-password).)',
    );
  });

  it.each([
    new IdentityError('auth/some-code-from-a-future-sdk', 'Firebase: Error (auth/some-code-from-a-future-sdk).'),
    new Error('Failed to fetch'),
    'a string thrown by someone',
  ])('never shows the service words alone: %p', (error) => {
    const message = identityFailureMessage(error);
    expect(message.startsWith(IDENTITY_FALLBACK)).toBe(true);
  });
});
