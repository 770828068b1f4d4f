/** A random visitor id: 20 base-36 characters from the platform's CSPRNG. */
type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

export function newAgentId(random: RandomSource = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(20));
  let id = '';
  for (const byte of bytes) id += (byte % 36).toString(36);
  return id;
}

const AGENT_PATTERN = /^[a-z0-9]{8,64}$/;

export function isAgentId(value: string | null | undefined): value is string {
  return typeof value === 'string' && AGENT_PATTERN.test(value);
}
