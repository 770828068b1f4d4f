import Ajv from 'ajv';

/**
 * The seed file (README, "Seed format"): everything a fresh installation needs, or a demo.
 * Loading it twice changes nothing the second time; it never restores spent print copies.
 */
export interface SeedFile {
  events?: {
    name: string;
    /** The id of /evento/{id}; generated when absent. */
    publicId?: string;
    visible?: boolean;
    profile?: string;
    cover?: string;
    devices?: string[];
  }[];
  /** Files to index, relative to the seed file's folder. */
  media?: { event: string; mode: string; file: string; source: string; device?: string }[];
  packs?: { hash: string; event?: string; copies: number }[];
  devices?: { id: string; kind: 'booth' | 'printer' | 'mirror' | 'ultra'; event?: string; mode?: string; key: string }[];
  products?: {
    id: string;
    name: string;
    type?: string;
    mode?: string;
    image?: string;
    price: number;
    pricePerHour?: number;
    minHours?: number;
    maxHours?: number;
    maxQty?: number;
    descTitle1?: string;
    descTitle2?: string;
    descTitle3?: string;
    descText1?: string;
    descText2?: string;
    descText3?: string;
    descPic1?: string;
    descPic2?: string;
    descPic3?: string;
    disclaimer?: string;
    accessories?: { id: string; name: string; image?: string; price: number }[];
  }[];
  coupons?: { code: string; discount: number; expiresAt?: string | null; contract?: string }[];
  partners?: { name: string }[];
  contracts?: {
    partner: string;
    title: string;
    description?: string;
    rate: number;
    /** A fraction (0.1 = 10 %). */
    discount: number;
    kit?: string;
    nCoupons: number;
    durationDays: number;
    nextCoupon: string;
  }[];
  /** Accounts; `password` users are created in the Auth emulator by `npm start`. */
  accounts?: {
    uid: string;
    email: string;
    password?: string;
    displayName?: string;
    phone?: string;
    instagram?: string;
    tiktok?: string;
    partner?: string;
    collection?: string[];
    packs?: string[];
    events?: string[];
  }[];
  orders?: {
    orderId: string;
    coupon: string;
    uid?: string;
    clientName: string;
    email: string;
    cpf: string;
    eventName: string;
    eventDate: string;
    eventTime: string;
    paymentMethod: 'card' | 'pix';
    status: 'pending' | 'approved' | 'rejected';
    products: { id: string; hours?: number; quantity?: number; accessories?: string[] }[];
  }[];
  team?: string[];
  mirror?: {
    modes: {
      title: string;
      description?: string;
      icon?: string;
      background?: string;
      prompts?: { title: string; icon?: string; background?: string }[];
    }[];
  };
}

const NAME = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' };
const MODE = { enum: ['pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360'] };
const TEXT = { type: 'string', maxLength: 2000 };
const MONEY = { type: 'number', minimum: 0 };
const list = (items: object) => ({ type: 'array', items });
const object = (properties: Record<string, object>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

const SCHEMA = object(
  {
    $comment: { type: 'string' },
    events: list(
      object(
        {
          name: NAME,
          publicId: { type: 'string', pattern: '^[A-Za-z0-9_-]{6,64}$' },
          visible: { type: 'boolean' },
          profile: TEXT,
          cover: TEXT,
          devices: list({ enum: ['pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360', 'nulo'] }),
        },
        ['name'],
      ),
    ),
    media: list(
      object({ event: NAME, mode: MODE, file: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$' }, source: TEXT, device: NAME }, [
        'event',
        'mode',
        'file',
        'source',
      ]),
    ),
    packs: list(object({ hash: NAME, event: NAME, copies: { type: 'integer', minimum: 0 } }, ['hash', 'copies'])),
    devices: list(
      object({ id: NAME, kind: { enum: ['booth', 'printer', 'mirror', 'ultra'] }, event: NAME, mode: MODE, key: { type: 'string', minLength: 8, maxLength: 256 } }, [
        'id',
        'kind',
        'key',
      ]),
    ),
    products: list(
      object(
        {
          id: NAME,
          name: TEXT,
          type: TEXT,
          mode: MODE,
          image: TEXT,
          price: MONEY,
          pricePerHour: MONEY,
          minHours: { type: 'integer', minimum: 0 },
          maxHours: { type: 'integer', minimum: 0 },
          maxQty: { type: 'integer', minimum: 1 },
          descTitle1: TEXT,
          descTitle2: TEXT,
          descTitle3: TEXT,
          descText1: TEXT,
          descText2: TEXT,
          descText3: TEXT,
          descPic1: TEXT,
          descPic2: TEXT,
          descPic3: TEXT,
          disclaimer: TEXT,
          accessories: list(object({ id: NAME, name: TEXT, image: TEXT, price: MONEY }, ['id', 'name', 'price'])),
        },
        ['id', 'name', 'price'],
      ),
    ),
    coupons: list(
      object(
        {
          code: { type: 'string', pattern: '^[A-Za-z0-9_-]{3,64}$' },
          discount: { type: 'number', minimum: 0, exclusiveMaximum: 1 },
          expiresAt: { type: ['string', 'null'], format: 'date-time' },
          contract: TEXT,
        },
        ['code', 'discount'],
      ),
    ),
    partners: list(object({ name: { type: 'string', pattern: '^[A-Za-z0-9_-]{3,64}$' } }, ['name'])),
    contracts: list(
      object(
        {
          partner: NAME,
          title: TEXT,
          description: TEXT,
          rate: { type: 'number', minimum: 0, maximum: 100 },
          discount: { type: 'number', minimum: 0, exclusiveMaximum: 1 },
          kit: TEXT,
          nCoupons: { type: 'integer', minimum: 1 },
          durationDays: { type: 'integer', minimum: 1 },
          nextCoupon: { type: 'string', pattern: '^[A-Za-z0-9_-]{3,64}$' },
        },
        ['partner', 'title', 'rate', 'discount', 'nCoupons', 'durationDays', 'nextCoupon'],
      ),
    ),
    accounts: list(
      object(
        {
          uid: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
          email: { type: 'string', maxLength: 254 },
          password: { type: 'string', minLength: 6, maxLength: 100 },
          displayName: TEXT,
          phone: TEXT,
          instagram: TEXT,
          tiktok: TEXT,
          partner: NAME,
          collection: list({ type: 'string' }),
          packs: list({ type: 'string' }),
          events: list({ type: 'string' }),
        },
        ['uid', 'email'],
      ),
    ),
    orders: list(
      object(
        {
          orderId: { type: 'string', pattern: '^[0-9A-Za-z_-]{1,64}$' },
          coupon: TEXT,
          uid: TEXT,
          clientName: TEXT,
          email: TEXT,
          cpf: { type: 'string', pattern: '^\\d{11}$' },
          eventName: TEXT,
          eventDate: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          eventTime: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
          paymentMethod: { enum: ['card', 'pix'] },
          status: { enum: ['pending', 'approved', 'rejected'] },
          products: list(
            object({ id: NAME, hours: { type: 'integer' }, quantity: { type: 'integer' }, accessories: list({ type: 'string' }) }, ['id']),
          ),
        },
        ['orderId', 'coupon', 'clientName', 'email', 'cpf', 'eventName', 'eventDate', 'eventTime', 'paymentMethod', 'status', 'products'],
      ),
    ),
    team: list({ type: 'string', maxLength: 254 }),
    mirror: object(
      {
        modes: list(
          object(
            {
              title: TEXT,
              description: TEXT,
              icon: TEXT,
              background: TEXT,
              prompts: list(object({ title: TEXT, icon: TEXT, background: TEXT }, ['title'])),
            },
            ['title'],
          ),
        ),
      },
      ['modes'],
    ),
  },
  [],
);

const ajv = new Ajv({ allErrors: true, formats: { 'date-time': true } });
const validateSchema = ajv.compile<SeedFile>(SCHEMA);

/** Checks a parsed seed; throws one error listing every problem. */
export function validateSeed(value: unknown): SeedFile {
  if (validateSchema(value)) return value;
  const problems = (validateSchema.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  throw new Error(`invalid seed:\n  ${problems.join('\n  ')}`);
}
