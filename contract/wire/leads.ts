/** Wire contract: The landing page's contact form and the team's list of leads. */
import { type Static, Type } from '@sinclair/typebox';
import { Text } from './primitives';

/** `POST /landingForm`: nome and evento are required (docs/product.md#landing-page). */
export const ContactLead = Type.Object(
  {
    data: Type.Optional(Text(40)),
    indicacao: Type.Optional(Text(40)),
    evento: Type.String({ maxLength: 200, pattern: '\\S' }),
    email: Type.Optional(Text(254)),
    instagram: Type.Optional(Text(100)),
    tiktok: Type.Optional(Text(100)),
    telefone: Type.Optional(Text(40)),
    nome: Type.String({ maxLength: 200, pattern: '\\S' }),
    comentarios: Type.Optional(Text(5000)),
    /** Beyond the spec's fields: the SPA's id of this lead, so that a retried post is stored once. */
    clientId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' })),
  },
  { additionalProperties: false },
);
export type ContactLead = Static<typeof ContactLead>;

/** `GET /leads` (team only): a received contact lead, every field present. */
export const StoredLead = Type.Object({
  id: Type.Number(),
  createdAt: Type.String(),
  data: Type.String(),
  indicacao: Type.String(),
  evento: Type.String(),
  email: Type.String(),
  instagram: Type.String(),
  tiktok: Type.String(),
  telefone: Type.String(),
  nome: Type.String(),
  comentarios: Type.String(),
});
export type StoredLead = Static<typeof StoredLead>;
