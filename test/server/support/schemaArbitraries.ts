import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { claimedPng } from './fixtures';

/**
 * fast-check arbitraries derived from a route's JSON schema (TypeBox emits plain JSON schema):
 * values that pass it, and hostile values that a server must refuse. Whether a value passes is
 * decided by Ajv with the options the server uses (types checked, never coerced), not guessed.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  format?: string;
}

const ajv = new Ajv({ strict: false, coerceTypes: false, allErrors: false, removeAdditional: false });
addFormats(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

/** Whether `value` passes `schema` as the server's validator would judge it. */
export function passes(schema: JsonSchema, value: unknown): boolean {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) === true;
}

/** A string or anything inside a value holding NUL: PostgreSQL cannot store it, so it is refused. */
export function holdsNul(value: unknown): boolean {
  // A walk with a stack of its own: hostile values nest thousands deep.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string' && item.includes('\u0000')) return true;
    if (item instanceof RawJson && item.text.includes('\\u0000')) return true;
    if (Array.isArray(item)) pending.push(...item);
    else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** A fragment of JSON text written as is (numbers JSON.stringify cannot write, say). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object whose JSON repeats keys (the parser keeps the last). */
export class DuplicateKeys {
  constructor(readonly entries: [string, unknown][]) {}
}

/** JSON text of a generated value, with its raw fragments and repeated keys. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof DuplicateKeys)
    return `{${value.entries.map(([key, inner]) => `${JSON.stringify(key)}:${toJsonText(inner)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Strings that tend to break parsers, paths, SQL and logs (all free of NUL). */
export const ODD_STRINGS: readonly string[] = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2f..%2f',
  '....//....//',
  '..',
  '.',
  '/etc/passwd',
  'festa_ana/../privada',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE events; --',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '\r\nSet-Cookie: a=b',
  ' ',
  '\t\n',
  '\u202Eevil',
  '\uFEFF',
  '\u200B',
  'ﬀ',
  'İ',
  'a\u0301',
  '😀😀😀',
  '\ud800',
  'x\udfffy',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e400',
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'http://127.0.0.1:22/',
  '%00',
  '%',
  ',',
  ',,,,',
  'a,b,../c',
  '*',
  '?a=b',
  '#',
  '&x=y',
  'ção/ñ',
];

const NUL_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '../\u0000.jpg',
  'festa_ana\u0000',
  'x'.repeat(10) + '\u0000',
];

/** Values of every JSON type, and numbers no schema's bounds expect. */
const WRONG_TYPES: readonly unknown[] = [
  0,
  -1,
  -0.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  -(2 ** 63),
  5e-324,
  true,
  false,
  null,
  [],
  {},
  [null],
  [[[]]],
  '',
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('-0'),
  'NaN',
  '-Infinity',
];

/** A nest of arrays and objects `depth` deep, as JSON text (no recursion to write it). */
function nested(depth: number): RawJson {
  const open: string[] = [];
  const close: string[] = [];
  for (let level = 0; level < depth; level++) {
    open.push(level % 2 === 0 ? '[' : '{"a":');
    close.unshift(level % 2 === 0 ? ']' : '}');
  }
  return new RawJson(`${open.join('')}"x"${close.join('')}`);
}

/** An object with own `__proto__` and `constructor.prototype` keys, as JSON.parse makes them. */
export function pollution(): Record<string, unknown> {
  return JSON.parse(
    '{"__proto__":{"polluted":"sim","isAdmin":true},"constructor":{"prototype":{"polluted":"sim"}}}',
  ) as Record<string, unknown>;
}

/**
 * Characters for random text: printable ASCII and the Unicode that trips code up (lone
 * surrogates, direction and zero-width marks, combining accents, line separators, astral).
 * (fast-check's 'binary' unit would do, but its reverse mapping of all of Unicode is slow.)
 */
const oddUnit = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '\ud800',
      '\udfff',
      '\u202e',
      '\ufeff',
      '\u200b',
      '\u0301',
      '\u2028',
      '\u0085',
      '\u00a0',
      'é',
      'ç',
      'İ',
      'ß',
      '😀',
      '𝕏',
      '\u001b',
      '\u007f',
    ),
    weight: 1,
  },
  { arbitrary: fc.string({ minLength: 1, maxLength: 1 }), weight: 3 },
);
const randomText = (minLength: number, maxLength: number) => fc.string({ minLength, maxLength, unit: oddUnit });

const deepValue = fc.integer({ min: 50, max: 2000 }).map(nested);
const hugeString = fc.constantFrom(1000, 20_000, 120_000).map((size) => 'A'.repeat(size));
/** Past the router's limit of a path parameter (4,096) and far past it. */
const hugeUrlString = fc.constantFrom(1000, 5000, 30_000).map((size) => 'A'.repeat(size));

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type[0];
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (typeof schema.const === 'string' || (schema.enum ?? []).every((item) => typeof item === 'string'))
    return schema.enum || schema.const ? 'string' : undefined;
  return undefined;
}

export interface ArbitraryOptions {
  /** Strings of the world under test (event names, hashes, device ids): valid values reach further. */
  known: readonly string[];
  /** A value travels in a URL (path or query): strings only. */
  inUrl?: boolean;
}

/** Bytes that claim to be an image but are not one a decoder accepts (never a video's header). */
export const garbageFile: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ minLength: 0, maxLength: 4096 }).map((bytes) => Buffer.from(bytes)),
  fc
    .uint8Array({ maxLength: 2048 })
    .map((bytes) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(bytes)])),
  fc
    .uint8Array({ maxLength: 2048 })
    .map((bytes) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(bytes)])),
  fc
    .uint8Array({ maxLength: 2048 })
    .map((bytes) => Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from(bytes)])),
  fc
    .uint8Array({ maxLength: 2048 })
    .map((bytes) => Buffer.concat([Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'), Buffer.from(bytes)])),
  // A header that claims billions of pixels: a decoder without a pixel limit would try.
  fc
    .constantFrom([60_000, 60_000], [1, 2_000_000_000], [0, 10], [65_535, 65_535])
    .map(([width, height]) => claimedPng(width, height)),
);

/** A data URL whose content is no image a decoder accepts. */
export const garbageDataUrl: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'text/html', 'image/svg+xml', ''),
      garbageFile,
    )
    .map(([type, bytes]) => `data:${type};base64,${bytes.toString('base64')}`),
  fc.constantFrom(
    'data:',
    'data:image/png;base64,',
    'data:image/png;base64,%%%%',
    'data:image/png,<svg/>',
    'data:image/png;base64,' + '/'.repeat(5000),
  ),
);

/** A field this large carries a file (a data URL), whose content the server must decode to accept. */
export function isFileField(schema: JsonSchema): boolean {
  return typeOf(schema) === 'string' && (schema.maxLength ?? 0) >= 1_000_000;
}

function validString(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 60, 60));
  // Odd strings twice as often as random ones: they are what breaks handlers.
  const odd = fc.constantFrom(...ODD_STRINGS, ...options.known);
  const sources: fc.Arbitrary<string>[] = [odd, odd];
  if (schema.format === 'date')
    sources.push(
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
    );
  else if (schema.pattern)
    sources.push(fc.stringMatching(new RegExp(schema.pattern)), fc.stringMatching(new RegExp(schema.pattern)));
  else sources.push(randomText(min, max), fc.string({ minLength: min, maxLength: max }));
  if (isFileField(schema)) sources.push(garbageDataUrl);
  return fc.oneof(...sources).filter((value) => !value.includes('\u0000') && passes(schema, value));
}

/** A value that passes `schema` (strings odd where the schema lets them be). */
export function validValue(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf ?? schema.oneOf)
    return fc.oneof(...(schema.anyOf ?? schema.oneOf ?? []).map((inner) => validValue(inner, options)));
  switch (typeOf(schema)) {
    case 'string':
      return validString(schema, options);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, -1_000_000),
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? -1e6, -1e6),
        max: Math.min(schema.maximum ?? 1e6, 1e6),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, options) : fc.constant('x'), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object':
      return validObject(schema, options);
    default:
      return fc.constantFrom('x', 1, true, null);
  }
}

/** Hostile candidates for one schema (they still have to be proven hostile: see hostileValue). */
function hostileCandidates(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const strings: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...ODD_STRINGS),
    fc.constantFrom(...NUL_STRINGS),
    options.inUrl ? hugeUrlString : hugeString,
  ];
  if (schema.maxLength !== undefined && schema.maxLength < 400_000)
    strings.push(fc.constant('b'.repeat(schema.maxLength + 1)));
  if (schema.pattern)
    strings.push(
      fc.stringMatching(new RegExp(schema.pattern)).map((value) => `${value}\u0000`),
      randomText(0, 80),
    );
  if (options.inUrl) return fc.oneof(...strings, fc.constantFrom('', '-1', '1e999', 'NaN', 'true', 'null', '[]', '{}'));
  const type = typeOf(schema);
  const all: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...WRONG_TYPES),
    deepValue,
    fc.constant(pollution()),
    ...strings,
  ];
  if (type === 'integer' || type === 'number') {
    const low = schema.minimum ?? schema.exclusiveMinimum;
    const high = schema.maximum ?? schema.exclusiveMaximum;
    if (low !== undefined) all.push(fc.constantFrom(low - 1, low - 0.001, -1e9));
    if (high !== undefined) all.push(fc.constantFrom(high + 1, high + 0.5, 1e15));
    if (type === 'integer') all.push(fc.constantFrom(0.5, 1.0000001, -2.5));
    all.push(fc.constantFrom('1', '0', String(high ?? 1)));
  }
  if (type === 'array' && schema.items) {
    const items = schema.items;
    all.push(fc.array(hostileValue(items, options), { minLength: 1, maxLength: 3 }));
    if (schema.maxItems !== undefined && schema.maxItems < 2000)
      all.push(
        validValue(items, options).map((item) => Array.from({ length: (schema.maxItems ?? 0) + 1 }, () => item)),
      );
  }
  if (type === 'object') all.push(objectOf(schema, options, 1).map(({ value }) => value));
  return fc.oneof(...all);
}

/** A value `schema` refuses, or one holding NUL (which PostgreSQL refuses). */
export function hostileValue(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  return hostileCandidates(schema, options).filter(
    (value) => holdsNul(value) || !passes(schema, parsedAsServer(value, options)),
  );
}

/** The value as the server sees it: a URL carries text; JSON text is parsed back (repeated keys, raw numbers). */
function parsedAsServer(value: unknown, options: ArbitraryOptions): unknown {
  if (options.inUrl || value === null || typeof value !== 'object') return value;
  return JSON.parse(toJsonText(value)) as unknown;
}

/** An object that passes an object schema: every required property valid, optional ones now and then. */
function validObject(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {}).map(([name, inner]) => {
    const value = validValue(inner, options).map((item): [string, unknown] => [name, item]);
    return required.has(name) ? value : fc.option(value, { nil: undefined });
  });
  return fc
    .tuple(...entries)
    .map((pairs) => Object.fromEntries(pairs.filter((pair): pair is [string, unknown] => pair !== undefined)));
}

export interface GeneratedObject {
  value: Record<string, unknown> | DuplicateKeys;
  /** What was made hostile, for the report of a failure. */
  hostile: string[];
}

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'extra',
  'a'.repeat(300),
  'ção',
  '$where',
  'a.b',
  'a[b]',
];

/**
 * An object for an object schema. Each property is valid, hostile or left out; `forced` (an index
 * into the properties, -1 for none) is made hostile (or left out when required). Extra keys
 * (prototype pollution among them) and repeated keys come on top.
 */
export function objectOf(
  schema: JsonSchema,
  options: ArbitraryOptions,
  forcedHostile: number,
): fc.Arbitrary<GeneratedObject> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const field = (
    name: string,
    inner: JsonSchema,
    forced: boolean,
  ): fc.Arbitrary<{ name: string; value?: unknown; hostile?: string }> => {
    const hostile = hostileValue(inner, options).map((value) => ({ name, value, hostile: name }));
    const missing = fc.constant({ name, hostile: `${name} (missing)` });
    const absent = fc.constant({ name });
    const valid = validValue(inner, options).map((value) => ({ name, value }));
    if (forced)
      return required.has(name)
        ? fc.oneof({ arbitrary: hostile, weight: 4 }, { arbitrary: missing, weight: 1 })
        : hostile;
    return fc.oneof(
      { arbitrary: valid, weight: 6 },
      { arbitrary: hostile, weight: 1 },
      { arbitrary: required.has(name) ? missing : absent, weight: 1 },
    );
  };
  const extraValue = options.inUrl
    ? fc.constantFrom(...ODD_STRINGS)
    : fc.oneof(fc.constantFrom(...WRONG_TYPES), fc.constant(pollution()), fc.constantFrom(...ODD_STRINGS));
  const extraKeys = EXTRA_KEYS.filter(
    (key) => !(key in (schema.properties ?? {})) && !(options.inUrl && key === '__proto__'),
  );
  return fc
    .record({
      fields: fc.tuple(...properties.map(([name, inner], index) => field(name, inner, index === forcedHostile))),
      extras: fc.array(fc.tuple(fc.constantFrom(...extraKeys), extraValue), { maxLength: 2 }),
      repeat: options.inUrl ? fc.constant(false) : fc.boolean(),
    })
    .map(({ fields, extras, repeat }) => {
      const entries: [string, unknown][] = fields
        .filter((item) => 'value' in item)
        .map((item) => [item.name, item.value]);
      const hostile = fields.flatMap((item) => (item.hostile ? [item.hostile] : []));
      for (const [key, value] of extras) entries.push([key, value]);
      if (extras.length > 0) hostile.push(`extra keys ${extras.map(([key]) => key.slice(0, 20)).join(', ')}`);
      // A repeated key first says something valid-looking, then the real value: the last one wins.
      if (repeat && entries.length > 0)
        return {
          value: new DuplicateKeys([[entries[0][0], 'repetida'], ...entries]),
          hostile: [...hostile, `repeated ${entries[0][0]}`],
        };
      const value = Object.create(null) as Record<string, unknown>;
      for (const [key, inner] of entries)
        Object.defineProperty(value, key, { value: inner, enumerable: true, writable: true, configurable: true });
      return { value, hostile };
    });
}
