import { BASE36, randomString, type RandomBytes } from './randomId';

/** A random visitor id: 20 base-36 characters (103 bits), each equally likely. */
export function newAgentId(random?: RandomBytes): string {
  return randomString(20, BASE36, random);
}

const AGENT_PATTERN = /^[a-z0-9]{8,64}$/;

export function isAgentId(value: string | null | undefined): value is string {
  return typeof value === 'string' && AGENT_PATTERN.test(value);
}
