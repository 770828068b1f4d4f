import fc from 'fast-check';
import type { DeclaredRoute } from './testServer';
import {
  ODD_STRINGS,
  garbageFile,
  holdsNul,
  hostileValue,
  isFileField,
  objectOf,
  passes,
  garbageDataUrl,
  pollution,
  toJsonText,
  validValue,
  type ArbitraryOptions,
  type JsonSchema,
} from './schemaArbitraries';

/** One request of the fuzz, as sent with app.inject (and printed when it fails). */
export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Who it is sent as (a key of the caller table). */
  caller: string;
  /** What was made hostile (for the report of a failure). */
  hostile: string[];
  /**
   * Whether the server must refuse it: its schema refuses it, it holds NUL, a segment does not
   * decode, or it brings a file no decoder accepts. Such a request must change nothing.
   */
  refusable: boolean;
}

/** A route's request parts that the fuzz fills: object schemas only. */
interface Parts {
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
}

const asObjectSchema = (schema: unknown): JsonSchema | undefined =>
  schema && typeof schema === 'object' && 'properties' in schema ? (schema as JsonSchema) : undefined;

export function partsOf(route: DeclaredRoute): Parts {
  return {
    params: asObjectSchema(route.schema.params),
    querystring: asObjectSchema(route.schema.querystring),
    body: asObjectSchema(route.schema.body),
  };
}

/** A route that stores the file of its body (device uploads): it names the file in its query. */
export function isUploadRoute(route: DeclaredRoute): boolean {
  const query = partsOf(route).querystring;
  return route.method === 'POST' && !route.schema.body && Boolean(query?.properties?.file);
}

/** Percent-encodes a value as a client does (a lone surrogate becomes U+FFFD first, as in any browser). */
export function encodeSegment(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

/** Segments written raw: escapes that decode to traversal, NUL or nothing valid in UTF-8. */
const RAW_SEGMENTS: readonly string[] = [
  '%2e%2e',
  '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%252e%252e%252f',
  '%00',
  'a%00b',
  '%FF',
  '%C3%28',
  '%ED%A0%80',
  '%E0%A4',
  '%F8%88%80%80%80',
  '%',
  '%zz',
  '%2',
  '%5c..%5c..%5cwindows',
  '%c0%ae%c0%ae%c0%af',
];

/** Where the server would decode a raw segment to (null: it cannot, and refuses). */
function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Path tails for a wildcard route (static files): traversal in every spelling, and files that exist. */
const WILDCARD_TAILS: readonly string[] = [
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '....//....//etc/passwd',
  'festa_ana/pad/a1.jpg',
  'privada/pad/x1.jpg',
  'festa_ana/pad/../../privada/pad/x1.jpg',
  'festa_ana/pad/a1.jpg%00.txt',
  'festa_ana/pad/%FF.jpg',
  '.env',
  '.%2e/.%2e/x',
  'festa_ana/pad/.hidden',
  '%c0%ae%c0%ae/x',
  '\\..\\..\\x',
  'a'.repeat(5000),
];

const CONTENT_TYPES: readonly (string | undefined)[] = [
  ...Array.from({ length: 12 }, () => 'application/json'),
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/octet-stream',
  'image/jpeg',
  'application/xml',
  '*/*',
  'application/json, text/plain',
  undefined,
];

const NOISE_HEADERS = fc.dictionary(
  fc.constantFrom(
    'accept',
    'if-none-match',
    'sec-purpose',
    'x-forwarded-for',
    'user-agent',
    'origin',
    'referer',
    'accept-language',
    'cookie',
    'range',
  ),
  fc.constantFrom(
    '*/*',
    'prefetch',
    '"W/x"',
    '127.0.0.1, ::1, 999.999.0.1',
    'a'.repeat(8000),
    '../../etc',
    'bytes=0-1,5-1',
    '%00',
    'agent=../../x',
    'null',
    'pt-BR;q=NaN',
  ),
  { maxKeys: 3 },
);

const EXTRA_QUERY: readonly string[] = [
  '__proto__[polluted]=sim',
  'constructor[prototype][x]=1',
  '%FF=%FF',
  'x=%00',
  '&&&',
  '=',
  'a[b][c]=d',
  'z=' + 'q'.repeat(3000),
  'y=1&y=2&y=3',
];

/** Slots where a request can carry the hostility that makes the server refuse it. */
type Slot =
  | { part: 'params' | 'querystring' | 'body'; index: number }
  | { part: 'undecodable' }
  | { part: 'wholeBody' }
  | { part: 'brokenJson' };

const RAW_TYPES = ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp', 'video/mp4'];

function slotsOf(route: DeclaredRoute, parts: Parts): Slot[] {
  const slots: Slot[] = [];
  for (const part of ['params', 'querystring', 'body'] as const) {
    const count = Object.keys(parts[part]?.properties ?? {}).length;
    for (let index = 0; index < count; index++) slots.push({ part, index });
  }
  if (route.url.includes(':')) slots.push({ part: 'undecodable' });
  if (parts.body) slots.push({ part: 'wholeBody' }, { part: 'brokenJson' });
  return slots;
}

/** Whether a route takes a file (raw bytes, or a data URL in a field of its body). */
function takesFile(route: DeclaredRoute, parts: Parts): boolean {
  return isUploadRoute(route) || Object.values(parts.body?.properties ?? {}).some(isFileField);
}

/**
 * A request valid in every part but its file, which no decoder accepts: it gets past validation
 * to the decoding (pixel limits, truncated headers), and must still be refused. Without
 * `fileOnly`, a request that passes validation, its strings as odd as the schema lets them be.
 */
function validRequests(
  route: DeclaredRoute,
  parts: Parts,
  callers: Record<string, Record<string, string>>,
  options: ArbitraryOptions,
  fileOnly = true,
): fc.Arbitrary<HostileRequest> {
  const valid = (schema: JsonSchema | undefined) => (schema ? validValue(schema, options) : fc.constant({}));
  return fc
    .record({
      caller: fc.constantFrom(...Object.keys(callers)),
      params: valid(parts.params),
      query: valid(parts.querystring),
      body: valid(parts.body),
      file: garbageFile,
      dataUrl: garbageDataUrl,
      noise: NOISE_HEADERS,
      rawType: fc.constantFrom(...RAW_TYPES),
      fileName: fc.constantFrom('fuzz.jpg', 'fuzz.jpeg', 'fuzz.png', 'fuzz.gif', 'fuzz.webp', 'fuzz.mp4'),
    })
    .map((plan) => {
      const params = plan.params as Record<string, string>;
      const path = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, (_match, name: string | undefined) =>
        encodeSegment(name ? String(params[name]) : 'x'),
      );
      // A file name the upload accepts, so that its bytes are what gets refused.
      const named = parts.querystring?.properties?.file
        ? { ...(plan.query as Record<string, unknown>), file: plan.fileName }
        : plan.query;
      const query = Object.entries(named as Record<string, unknown>).map(
        ([key, value]) => `${encodeSegment(key)}=${encodeSegment(String(value))}`,
      );
      const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
      const headers: Record<string, string> = { ...(fileOnly ? {} : plan.noise), ...callers[plan.caller] };
      let payload: string | Buffer | undefined;
      if (parts.body) {
        const body = { ...(plan.body as Record<string, unknown>) };
        if (fileOnly)
          for (const [name, inner] of Object.entries(parts.body.properties ?? {}))
            if (isFileField(inner)) body[name] = plan.dataUrl;
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      } else if (isUploadRoute(route)) {
        payload = plan.file;
        headers['content-type'] = plan.rawType;
      }
      if (!fileOnly)
        return {
          method: route.method,
          url,
          headers,
          payload,
          caller: plan.caller,
          hostile: ['odd but valid values'],
          refusable: isUploadRoute(route),
        };
      const hostile = [
        parts.body
          ? `a data URL of no image: ${plan.dataUrl.slice(0, 60)}`
          : `${plan.file.length} bytes of no image, as ${plan.rawType}`,
      ];
      return { method: route.method, url, headers, payload, caller: plan.caller, hostile, refusable: true };
    });
}

/** JSON made hostile as text: cut short, raw invalid UTF-8, a deep nest, repeated and polluting keys. */
const brokenJson: fc.Arbitrary<{ text: string | Buffer; note: string }> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":',
      '[1,2',
      'nul',
      '{"a":1}}',
      "{'a':1}",
      '{"a":NaN}',
      '{"a":Infinity}',
      '{"a":01}',
      '{"a":"\\x00"}',
      '\u0000',
      '',
    )
    .map((text) => ({ text, note: 'broken JSON' })),
  fc
    .integer({ min: 5000, max: 20000 })
    .map((depth) => ({ text: '['.repeat(depth) + ']'.repeat(depth - 1), note: `unclosed nest of ${depth}` })),
  fc.uint8Array({ minLength: 1, maxLength: 512 }).map((bytes) => ({
    text: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from(bytes)]),
    note: 'raw bytes that are not UTF-8',
  })),
);

function parseJson(text: string | Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text.toString()) as unknown };
  } catch {
    return { ok: false };
  }
}

function fileFieldHoldsText(schema: JsonSchema, body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  return Object.entries(schema.properties ?? {}).some(
    ([name, inner]) => isFileField(inner) && typeof (body as Record<string, unknown>)[name] === 'string',
  );
}

/**
 * Hostile requests for one declared route, sent as any of `callers`. Every request of a route
 * with a schema carries at least one refusable hostility (a forced slot); the rest of it is a
 * mix of valid and hostile values, odd content types, repeated keys and noise headers.
 */
export function hostileRequests(
  route: DeclaredRoute,
  callers: Record<string, Record<string, string>>,
  known: readonly string[],
): fc.Arbitrary<HostileRequest> {
  const parts = partsOf(route);
  const upload = isUploadRoute(route);
  const slots = slotsOf(route, parts);
  const json: ArbitraryOptions = { known };
  const url: ArbitraryOptions = { known, inUrl: true };
  const forcedIndex = (slot: Slot | null, part: 'params' | 'querystring' | 'body') =>
    slot && 'index' in slot && slot.part === part ? slot.index : -1;
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((match) => match[1] ?? '*');
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';

  // One arbitrary per slot, built once (building them per request would cost more than sending).
  const perSlot = (slots.length > 0 ? slots : [null]).map((slot) =>
    fc
      .record({
        caller: fc.constantFrom(...Object.keys(callers)),
        params: parts.params ? objectOf(parts.params, url, forcedIndex(slot, 'params')) : fc.constant(null),
        // A segment without a schema (a wildcard, say) is free text: odd strings and traversal.
        looseSegments: fc.array(
          fc.oneof(fc.constantFrom(...ODD_STRINGS, ...known), fc.constantFrom(...WILDCARD_TAILS)),
          {
            minLength: names.length,
            maxLength: names.length,
          },
        ),
        rawSegment: fc.record({
          at: fc.nat({ max: Math.max(names.length - 1, 0) }),
          raw: fc.constantFrom(...RAW_SEGMENTS),
        }),
        useRawSegment:
          slot?.part === 'undecodable' ? fc.constant(true) : fc.boolean().map((flip) => flip && names.length > 0),
        query: parts.querystring
          ? objectOf(parts.querystring, url, forcedIndex(slot, 'querystring'))
          : fc.constant(null),
        repeatQueryKey: fc.boolean(),
        extraQuery: fc.array(fc.constantFrom(...EXTRA_QUERY), { maxLength: 2 }),
        body: parts.body ? objectOf(parts.body, json, forcedIndex(slot, 'body')) : fc.constant(null),
        wholeBody: parts.body && slot?.part === 'wholeBody' ? hostileValue(parts.body, json) : fc.constant(null),
        broken: slot?.part === 'brokenJson' ? brokenJson : fc.constant({ text: '', note: '' }),
        rawBody: fc.oneof(garbageFile, fc.constant(Buffer.from(toJsonText(pollution())))),
        contentType: fc.constantFrom(...CONTENT_TYPES),
        noise: NOISE_HEADERS,
      })
      .map((plan): HostileRequest => {
        const hostile: string[] = [];
        let refusable = false;

        // Path: each placeholder gets its (possibly hostile) value, or a raw escape.
        const segments = names.map((name, index) => {
          const fromSchema = plan.params ? (plan.params.value as Record<string, unknown>)[name] : undefined;
          const value = typeof fromSchema === 'string' ? fromSchema : plan.looseSegments[index];
          // Wildcard tails are sent as written (their slashes and escapes are the point).
          return name === '*' && WILDCARD_TAILS.includes(value) ? value : encodeSegment(value);
        });
        if (plan.useRawSegment && names.length > 0) {
          segments[plan.rawSegment.at] = plan.rawSegment.raw;
          hostile.push(`segment ${names[plan.rawSegment.at]} = ${plan.rawSegment.raw}`);
        }
        if (plan.params) {
          // Extra keys mean nothing in a path: only the placeholders are sent.
          hostile.push(
            ...plan.params.hostile.filter((what) => !what.startsWith('extra keys')).map((what) => `params.${what}`),
          );
          const decoded: Record<string, string> = Object.create(null) as Record<string, string>;
          let undecodable = false;
          names.forEach((name, index) => {
            const value = decodeSegment(segments[index]);
            if (value === null) undecodable = true;
            else decoded[name] = value;
          });
          if (undecodable || holdsNul(decoded) || !passes(parts.params as JsonSchema, decoded)) refusable = true;
        }
        let index = 0;
        const path = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, () => segments[index++]);

        // Query: its fields (a repeated key becomes a list), then noise under other names.
        const queryPairs: string[] = [];
        if (plan.query) {
          const values = plan.query.value as Record<string, unknown>;
          const seen: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
          for (const key of Object.keys(values)) {
            const value = String(values[key]);
            queryPairs.push(`${encodeSegment(key)}=${encodeSegment(value)}`);
            seen[key] = value;
          }
          const first = Object.keys(values)[0];
          if (plan.repeatQueryKey && first !== undefined) {
            queryPairs.push(`${encodeSegment(first)}=${encodeSegment(String(values[first]))}`);
            seen[first] = [seen[first], seen[first]];
            hostile.push(`query ${first} repeated`);
          }
          hostile.push(...plan.query.hostile.map((what) => `query.${what}`));
          if (holdsNul(seen) || !passes(parts.querystring as JsonSchema, { ...seen })) refusable = true;
        }
        const queryNames = new Set(Object.keys(parts.querystring?.properties ?? {}));
        for (const extra of plan.extraQuery) if (!queryNames.has(extra.split(/[=[]/)[0])) queryPairs.push(extra);
        const fullUrl = queryPairs.length > 0 ? `${path}?${queryPairs.join('&')}` : path;

        // Body: the schema's object, or a wholly hostile value, or broken JSON, or a file's bytes.
        const headers: Record<string, string> = { ...plan.noise, ...callers[plan.caller] };
        let payload: string | Buffer | undefined;
        if (hasBody) {
          const jsonType =
            plan.contentType === undefined || /json/i.test(plan.contentType) ? 'application/json' : plan.contentType;
          if (slot?.part === 'brokenJson') {
            payload = plan.broken.text;
            hostile.push(plan.broken.note);
          } else if (slot?.part === 'wholeBody') {
            payload = toJsonText(plan.wholeBody);
            hostile.push('whole body');
          } else if (plan.body) {
            payload = toJsonText(plan.body.value);
            hostile.push(...plan.body.hostile.map((what) => `body.${what}`));
          } else if (upload || plan.contentType !== undefined) {
            payload = plan.rawBody;
            hostile.push(`raw body of ${plan.rawBody.length} bytes`);
          }
          if (payload !== undefined) {
            headers['content-type'] =
              plan.contentType ?? (Buffer.isBuffer(payload) ? 'application/octet-stream' : jsonType);
            if (plan.contentType !== 'application/json') hostile.push(`content-type ${plan.contentType ?? 'none'}`);
          }
        }
        if (parts.body) {
          const sentAsJson = payload !== undefined && /json/i.test(headers['content-type'] ?? '');
          const parsed = sentAsJson && payload !== undefined ? parseJson(payload) : { ok: false as const };
          // Text or bytes never pass an object schema; JSON must pass it, hold no NUL, and bring no file.
          if (
            !parsed.ok ||
            holdsNul(parsed.value) ||
            !passes(parts.body, parsed.value) ||
            fileFieldHoldsText(parts.body, parsed.value)
          )
            refusable = true;
        }
        // A device upload stores only a file a decoder accepts: these bytes never are one.
        if (upload) refusable = true;
        return { method: route.method, url: fullUrl, headers, payload, caller: plan.caller, hostile, refusable };
      }),
  );
  // A route that takes a file gets as many requests whose only fault is the file as others.
  return takesFile(route, parts)
    ? fc.oneof(fc.oneof(...perSlot), validRequests(route, parts, callers, json))
    : fc.oneof(...perSlot);
}

/**
 * Requests that pass the route's schema, with odd strings where it allows them (traversal, SQL,
 * markup, stray Unicode) and noise headers: they reach the handler. The server may accept them
 * (a lead named "../etc" is a lead), so only their status is judged, never the database.
 */
export function oddValidRequests(
  route: DeclaredRoute,
  callers: Record<string, Record<string, string>>,
  known: readonly string[],
): fc.Arbitrary<HostileRequest> {
  return validRequests(route, partsOf(route), callers, { known }, false);
}

/** Whether a route has anything to refuse (a schema or a stored body); the others must change nothing anyway. */
export function mustRefuse(route: DeclaredRoute): boolean {
  const parts = partsOf(route);
  return Boolean(parts.params || parts.querystring || parts.body) || isUploadRoute(route);
}

/** The request in a form to paste into a test. */
export function describeRequest(request: HostileRequest): string {
  const body =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? ` body=<${request.payload.length} bytes: ${request.payload.subarray(0, 48).toString('hex')}...>`
        : ` body=${JSON.stringify(request.payload.slice(0, 600))}`;
  return (
    `${request.method} ${request.url.slice(0, 600)} as ${request.caller} headers=` +
    `${JSON.stringify(request.headers).slice(0, 400)}${body} (hostile: ${request.hostile.join('; ') || 'none'})`
  );
}
