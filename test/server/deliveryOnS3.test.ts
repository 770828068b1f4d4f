import { startLocalS3, type LocalS3 } from '../../scripts/lib/localS3';
import {
  collect,
  newAgent,
  receivedBy,
  server,
  settings,
  subscribed,
  withDeliveryWorld,
} from './support/deliveryWorld';

/**
 * A message's photo links with the media in a bucket (MEDIA_STORE=s3, docs/privacy.md#photos-delivered): a
 * presigned URL of the bucket, which serves the photo to whoever holds it, for its few days.
 */
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.stop());

withDeliveryWorld(() => ({
  MEDIA_STORE: 's3',
  S3_BUCKET: s3.settings.bucket,
  S3_ENDPOINT: String(s3.settings.endpoint),
  S3_REGION: s3.settings.region,
  S3_FORCE_PATH_STYLE: 'true',
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
}));

it("links each photo by a presigned URL of the bucket, not by the server's own link", async () => {
  await settings(true, 500);
  const agent = newAgent();
  await subscribed(agent);
  await collect(agent, '/media/festa_ana/pad/a1.jpg');
  await server.jobsDone();
  const [message] = receivedBy(`${agent}@exemplo.com`);
  const link = new URL(message.photos[0].imageUrl);
  expect(link.origin).toBe(new URL(String(s3.settings.endpoint)).origin);
  expect(link.searchParams.get('X-Amz-Expires')).toBe(String(3 * 24 * 60 * 60));
  const image = await fetch(link);
  expect(image.status).toBe(200);
  expect(Buffer.from(await image.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
});
