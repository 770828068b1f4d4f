import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import {
  checkObjectKey,
  checkObjectPrefix,
  clipRange,
  InvalidObjectKeyError,
  RangeNotSatisfiableError,
  type ObjectInfo,
  type ObjectStore,
} from './objectStore';

export interface S3Settings {
  bucket: string;
  /** S3_ENDPOINT: another S3-compatible service than AWS (MinIO, R2, a test server); empty: AWS. */
  endpoint: string | null;
  region: string;
  /** S3_FORCE_PATH_STYLE: `{endpoint}/{bucket}/{key}` rather than `{bucket}.{endpoint}/{key}`. */
  forcePathStyle: boolean;
  /** Credentials; absent: the SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * A request whose connection stays silent this long (no byte sent or received, the connection
   * not even made) fails with a TimeoutError, instead of waiting for ever on a bucket that stopped
   * answering: for a command that must end (the seed). Absent: no limit, as a server needs while
   * a reader that paused (a video's player) holds back the bucket's reply.
   */
  silenceTimeoutMs?: number;
}

/** Parts of a streamed upload: 8 MB each, two at a time (the memory one upload may take: 16 MB). */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * The objects in a bucket through the S3 API (`@aws-sdk/client-s3`): AWS S3 or any compatible
 * service. A put is one request for a buffer and a multipart upload for a stream (never whole in
 * memory); S3 makes an object visible whole or not at all, to every server at once.
 */
export function s3ObjectStore(settings: S3Settings, client = s3Client(settings)): ObjectStore {
  const { bucket } = settings;
  async function head(key: string): Promise<ObjectInfo | null> {
    checkObjectKey(key);
    try {
      const reply = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { size: reply.ContentLength ?? 0, lastModified: reply.LastModified ?? new Date(0) };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }
  async function* list(prefix: string): AsyncGenerator<string> {
    checkObjectPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return {
    kind: 's3',

    async put(key, body, options = {}) {
      checkObjectKey(key);
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: key,
          Body: body,
          ...(options.contentType ? { ContentType: options.contentType } : {}),
        },
        partSize: PART_SIZE,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      });
      await upload.done();
    },

    async get(key, range, known) {
      checkObjectKey(key);
      // With a range, the object's size first: a range beyond it is the caller's 416, not the service's error.
      const info = range ? (known ?? (await head(key))) : null;
      if (range && !info) return null;
      const clipped = info ? clipRange(range, info.size) : null;
      if (info && !clipped) throw new RangeNotSatisfiableError(info.size);
      let reply: GetObjectCommandOutput;
      try {
        const asked = clipped && clipped.end >= clipped.start ? { Range: `bytes=${clipped.start}-${clipped.end}` } : {};
        reply = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...asked }));
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
      const size = info?.size ?? reply.ContentLength ?? 0;
      const body = reply.Body instanceof Readable ? reply.Body : Readable.from([]);
      return {
        body,
        size,
        lastModified: reply.LastModified ?? new Date(0),
        range: clipped ?? { start: 0, end: size - 1 },
      };
    },

    head,

    async remove(key) {
      checkObjectKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async removeAll(prefix) {
      if (prefix === '') throw new InvalidObjectKeyError(prefix);
      // A bucket has no folders: each object under the prefix goes (the few of a visitor's faces, say).
      for await (const key of list(prefix)) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    list,

    async temporaryUrl(key, seconds) {
      checkObjectKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: seconds });
    },

    async reachable() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    ...(settings.silenceTimeoutMs
      ? { requestHandler: { connectionTimeout: settings.silenceTimeoutMs, socketTimeout: settings.silenceTimeoutMs } }
      : {}),
  });
}

/** Whether an error is a request to the bucket given up for its silence (S3Settings.silenceTimeoutMs). */
export function isSilenceTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}
