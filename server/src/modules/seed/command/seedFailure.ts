import { ConfigError, type ServerConfig } from '../../../platform/config';
import { SeedStorageFailure, silentStorageMessage } from './seedStorage';

const AGAIN = 'Rodar o comando de novo é seguro: o que já foi carregado não se repete.';

/**
 * The line a seed command prints when it fails, before it exits with 1: what went wrong and,
 * when it stopped halfway, that running it again is safe (a seed loads idempotently).
 */
export function seedFailureMessage(
  error: unknown,
  config: Pick<ServerConfig, 'dataDir' | 'mediaStore'> | null,
): string {
  if (error instanceof SeedStorageFailure || error instanceof ConfigError) return error.message;
  const silent = config ? silentStorageMessage(error, config) : null;
  if (silent) return `${silent} ${AGAIN}`;
  const reason = error instanceof Error ? error.message : String(error);
  return `O seed não foi carregado até o fim: ${reason}. ${AGAIN}`;
}
