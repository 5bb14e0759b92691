import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import type { Media } from '#shared/domain/media';
import { objectStorage } from '#shared/ports/registry';
import { db, tableName } from '#shared/store/client';
import { newMediaItem } from '#shared/store/media';
import type { BenchAccount } from '../fixtures';

/**
 * The kinds of post the calibration runs (issue 37, item 2): what the publisher does between the due
 * time and its first platform call differs by kind.
 *
 * - text: 280 characters, no link.
 * - link: a link to a page served on this machine with og:title, og:description and a 1600x900
 *   og:image; its card is made by the preparation message before the due time, and the publisher
 *   reads it back (shared/use-cases/link-card-prep.ts).
 * - image: one image whose Bluesky variant (about 0.5 MB) is in object storage, as media completion
 *   leaves it; the publisher reads it before the call.
 * - video: one video; the publisher hands its variant's key to the platform, which streams it in
 *   the call (the upload is the platform's time, not lateness).
 *
 * Media items are written as completion leaves them (ready, variants stored): completion is not on
 * the due time's path, and its own cost is measured elsewhere (docs/performance.md, "Images", "Video").
 */
export type PostKindName = 'text' | 'link' | 'image' | 'video';
export const POST_KINDS: PostKindName[] = ['text', 'link', 'image', 'video'];

export interface PreparedKind {
  content: string;
  mediaIds: string[];
  stop(): Promise<void>;
}

const TEXT = 'Calibration post: shipping the scheduler today, notes in the next post #release '.padEnd(280, 'x');

/** A noisy picture (does not compress to nothing), as JPEG. */
async function picture(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function preparePostKind(kind: PostKindName, account: BenchAccount): Promise<PreparedKind> {
  if (kind === 'text') return { content: TEXT, mediaIds: [], stop: async () => undefined };
  if (kind === 'link') {
    const cover = await picture(1600, 900);
    const server = createServer((request, response) => {
      if (request.url === '/cover.jpg') return void response.writeHead(200, { 'content-type': 'image/jpeg' }).end(cover);
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<!doctype html><html><head><meta property="og:title" content="Scheduler notes"><meta property="og:description" content="What shipped today">' +
            '<meta property="og:image" content="/cover.jpg"></head><body>...</body></html>',
        );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const link = `http://127.0.0.1:${(server.address() as AddressInfo).port}/changelog`;
    return {
      content: `Calibration post: shipping the scheduler today, see ${link} #release `.padEnd(280, 'x'),
      mediaIds: [],
      stop: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }
  const id = randomUUID();
  const now = new Date();
  const video = kind === 'video';
  const key = `media/${account.accountId}/${id}/variant`;
  let sizeBytes = 40 * 1024 * 1024;
  if (!video) {
    const bytes = await picture(1600, 1200);
    sizeBytes = bytes.length;
    await (await objectStorage()).write(key, bytes, 'image/jpeg');
  }
  const variant = { key, content_type: video ? 'video/mp4' : 'image/jpeg', width: 1600, height: video ? 900 : 1200, size_bytes: sizeBytes };
  const media: Media = {
    id,
    account_id: account.accountId,
    status: 'ready',
    content_type: video ? 'video/mp4' : 'image/jpeg',
    size_bytes: sizeBytes,
    width: variant.width,
    height: variant.height,
    alt_text: 'Calibration media',
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    upload_key: key,
    variants: { linkedin: variant, bluesky: variant },
    ...(video ? { duration_seconds: 30 } : {}),
  };
  await db.send(new PutCommand({ TableName: tableName, Item: newMediaItem(media) }));
  return { content: TEXT, mediaIds: [id], stop: async () => undefined };
}
