import { Type, type Static, type TProperties } from '@sinclair/typebox';
import Ajv from 'ajv';
import {
  BoothModeSchema,
  EventVisibilitySchema,
  MediaModeSchema,
  PaymentMethodSchema,
  StringEnum,
} from '../../../../contract/wire';
import { FILE_PATTERN } from '../../../../contract/mediaPath';
import { IDENTIFIER_SOURCE } from '../../../../contract/names';

/** Text fields of a seed are bounded; names follow the contract's identifiers. */
const Name = Type.String({ pattern: IDENTIFIER_SOURCE });
const Text = Type.String({ maxLength: 2000 });
const Money = Type.Number({ minimum: 0 });
const PartnerName = Type.String({ pattern: '^[A-Za-z0-9_-]{3,64}$' });
const Code = Type.String({ pattern: '^[A-Za-z0-9_-]{3,64}$' });
/** Every object of a seed refuses fields it does not know: a typo is an error, not a silent no-op. */
const Strict = <T extends TProperties>(properties: T) => Type.Object(properties, { additionalProperties: false });
const Opt = Type.Optional;

const SeedEvent = Strict({
  name: Name,
  /** The title people read ('Festa da Ana'); the name is its title when absent (migration 0030). */
  title: Opt(Type.String({ minLength: 1, maxLength: 80 })),
  /** The id of /evento/{id}; generated when absent. */
  publicId: Opt(Type.String({ pattern: '^[A-Za-z0-9_-]{6,64}$' })),
  /** Who sees its media (wire EventVisibility); wins over `visible`. */
  visibility: Opt(EventVisibilitySchema),
  /** Older seeds: false is 'private', true 'public'. */
  visible: Opt(Type.Boolean()),
  profile: Opt(Text),
  cover: Opt(Text),
  devices: Opt(Type.Array(BoothModeSchema)),
});

/** A file to index, relative to the seed file's folder. */
/** One of the company's images (products, accessories, mirror icons), served at `/catalogo/{file}`. */
const SeedCatalogueImage = Strict({
  file: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\\.(jpe?g|png|webp|gif)$' }),
  source: Text,
});
const SeedMedia = Strict({
  event: Name,
  mode: MediaModeSchema,
  file: Type.String({ pattern: FILE_PATTERN.source }),
  source: Text,
  device: Opt(Name),
});

const SeedPack = Strict({ hash: Name, event: Opt(Name), copies: Type.Integer({ minimum: 0 }) });

const SeedDevice = Strict({
  id: Name,
  kind: StringEnum(['booth', 'printer', 'mirror', 'ultra'] as const),
  event: Opt(Name),
  mode: Opt(MediaModeSchema),
  /** A readable key, for demos and tests only (refused in production, where the team makes keys). */
  key: Opt(Type.String({ minLength: 8, maxLength: 256 })),
});

const SeedProduct = Strict({
  id: Name,
  name: Text,
  type: Opt(Text),
  mode: Opt(MediaModeSchema),
  image: Opt(Text),
  price: Money,
  pricePerHour: Opt(Money),
  minHours: Opt(Type.Integer({ minimum: 0 })),
  maxHours: Opt(Type.Integer({ minimum: 0 })),
  maxQty: Opt(Type.Integer({ minimum: 1 })),
  descTitle1: Opt(Text),
  descTitle2: Opt(Text),
  descTitle3: Opt(Text),
  descText1: Opt(Text),
  descText2: Opt(Text),
  descText3: Opt(Text),
  descPic1: Opt(Text),
  descPic2: Opt(Text),
  descPic3: Opt(Text),
  disclaimer: Opt(Text),
  accessories: Opt(Type.Array(Strict({ id: Name, name: Text, image: Opt(Text), price: Money }))),
});

const SeedCoupon = Strict({
  code: Code,
  discount: Type.Number({ minimum: 0, exclusiveMaximum: 1 }),
  expiresAt: Opt(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  contract: Opt(Text),
});

const SeedContract = Strict({
  partner: Name,
  title: Text,
  description: Opt(Text),
  rate: Type.Number({ minimum: 0, maximum: 100 }),
  /** A fraction (0.1 = 10 %). */
  discount: Type.Number({ minimum: 0, exclusiveMaximum: 1 }),
  kit: Opt(Text),
  nCoupons: Type.Integer({ minimum: 1 }),
  durationDays: Type.Integer({ minimum: 1 }),
  nextCoupon: Code,
});

/** An account; one with a `password` is created in the Auth emulator by `npm start`. */
const SeedAccount = Strict({
  uid: Type.String({ pattern: '^[A-Za-z0-9_-]{1,128}$' }),
  email: Type.String({ maxLength: 254 }),
  password: Opt(Type.String({ minLength: 6, maxLength: 100 })),
  displayName: Opt(Text),
  phone: Opt(Text),
  instagram: Opt(Text),
  tiktok: Opt(Text),
  partner: Opt(Name),
  collection: Opt(Type.Array(Type.String())),
  packs: Opt(Type.Array(Type.String())),
  events: Opt(Type.Array(Type.String())),
});

const SeedOrder = Strict({
  orderId: Type.String({ pattern: '^[0-9A-Za-z_-]{1,64}$' }),
  coupon: Text,
  uid: Opt(Text),
  clientName: Text,
  email: Text,
  cpf: Type.String({ pattern: '^\\d{11}$' }),
  eventName: Text,
  eventDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  eventTime: Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
  paymentMethod: PaymentMethodSchema,
  status: StringEnum(['pending', 'approved', 'rejected'] as const),
  products: Type.Array(
    Strict({
      id: Name,
      hours: Opt(Type.Integer()),
      quantity: Opt(Type.Integer()),
      accessories: Opt(Type.Array(Type.String())),
    }),
  ),
});

const SeedMirror = Strict({
  modes: Type.Array(
    Strict({
      title: Text,
      description: Opt(Text),
      icon: Opt(Text),
      background: Opt(Text),
      prompts: Opt(Type.Array(Strict({ title: Text, icon: Opt(Text), background: Opt(Text) }))),
    }),
  ),
});

/**
 * The seed file (docs/seed-format.md): everything a fresh installation needs, or a demo.
 * Loading it twice changes nothing the second time; it never restores spent print copies.
 */
const SeedFileSchema = Strict({
  $comment: Opt(Type.String()),
  events: Opt(Type.Array(SeedEvent)),
  media: Opt(Type.Array(SeedMedia)),
  catalogue: Opt(Type.Array(SeedCatalogueImage)),
  packs: Opt(Type.Array(SeedPack)),
  devices: Opt(Type.Array(SeedDevice)),
  products: Opt(Type.Array(SeedProduct)),
  coupons: Opt(Type.Array(SeedCoupon)),
  partners: Opt(Type.Array(Strict({ name: PartnerName }))),
  contracts: Opt(Type.Array(SeedContract)),
  accounts: Opt(Type.Array(SeedAccount)),
  orders: Opt(Type.Array(SeedOrder)),
  team: Opt(Type.Array(Type.String({ maxLength: 254 }))),
  mirror: Opt(SeedMirror),
});
export type SeedFile = Static<typeof SeedFileSchema>;

const ajv = new Ajv({ allErrors: true, formats: { 'date-time': true } });
const validateSchema = ajv.compile<SeedFile>(SeedFileSchema);

/** Checks a parsed seed; throws one error listing every problem. */
export function validateSeed(value: unknown): SeedFile {
  if (validateSchema(value)) return value;
  const problems = (validateSchema.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  throw new Error(`invalid seed:\n  ${problems.join('\n  ')}`);
}
