import { offlineResolver, useNameResolver } from '#shared/ports/name-resolver';
import { startPageServer, type PageServer } from '../support/page-server';

/**
 * Only JPEG, PNG, WebP and GIF reach sharp as a link-card thumbnail, judged by the bytes
 * themselves, not by Content-Type (docs/api.md, "Per-platform text, preview and link cards"):
 * an SVG or a TIFF (parsers with a history of flaws) leaves the card without a thumbnail and is
 * never handed to sharp. sharp runs in the media worker (shared/media/sandbox/), so the door to the
 * worker is wrapped here to record every image sent to its thumbnail job.
 */
type Sharp = typeof import('sharp').default;
type Run = typeof import('#shared/media/sandbox/run');

jest.mock('#shared/media/sandbox/run', () => {
  const actual = jest.requireActual<Run>('#shared/media/sandbox/run');
  const inputs: unknown[] = [];
  const runInSandbox = (name: string, input: { bytes?: unknown }, ...rest: unknown[]) => {
    if (name === 'make-thumbnail') inputs.push(input.bytes);
    return (actual.runInSandbox as (...args: unknown[]) => unknown)(name, input, ...rest);
  };
  return { ...actual, runInSandbox, inputs };
});

describe('link-card thumbnails: formats', () => {
  let pages: PageServer;
  const sharpInputs = () => (jest.requireMock('#shared/media/sandbox/run') as { inputs: unknown[] }).inputs;
  const actualSharp = jest.requireActual<Sharp>('sharp');
  const picture = () => actualSharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 20 } } });
  const svg = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="red"/></svg>',
  );

  beforeAll(async () => {
    pages = await startPageServer();
    useNameResolver(offlineResolver());
  });
  afterAll(async () => {
    useNameResolver();
    await pages.stop();
  });

  const cardFor = async (name: string, image: Buffer, contentType: string) => {
    pages.html(`/${name}`, `<head><meta property="og:title" content="${name}"><meta property="og:image" content="/${name}.img"></head>`);
    pages.bytes(`/${name}.img`, image, contentType);
    const { buildLinkCard } = await import('#shared/platforms/link-cards/link-card');
    const card = await buildLinkCard(pages.url(`/${name}`));
    expect(pages.requested()).toContain(`/${name}.img`);
    return card;
  };
  const handedToSharp = (bytes: Buffer) => sharpInputs().some((input) => Buffer.isBuffer(input) && input.equals(bytes));

  it.each([
    ['an SVG served as image/svg+xml', () => Promise.resolve(svg), 'image/svg+xml'],
    ['an SVG served as image/png', () => Promise.resolve(svg), 'image/png'],
    ['a TIFF served as image/tiff', () => picture().tiff().toBuffer(), 'image/tiff'],
    ['a TIFF served as image/jpeg', () => picture().tiff().toBuffer(), 'image/jpeg'],
  ])('publishes the card without a thumbnail for %s, never handing it to sharp', async (label, bytes, contentType) => {
    const image = await bytes();
    const card = await cardFor(label.replace(/\W+/g, '-'), image, contentType);
    expect(card).toEqual({ url: expect.any(String), title: label.replace(/\W+/g, '-'), description: '' });
    expect(handedToSharp(image)).toBe(false);
  });

  it.each([
    ['a PNG', () => picture().png().toBuffer(), 'image/png'],
    ['a JPEG', () => picture().jpeg().toBuffer(), 'image/jpeg'],
    ['a WebP', () => picture().webp().toBuffer(), 'image/webp'],
    ['a GIF', () => picture().gif().toBuffer(), 'image/gif'],
    ['a PNG served as application/octet-stream', () => picture().png().toBuffer(), 'application/octet-stream'],
  ])('makes a JPEG thumbnail from %s', async (label, bytes, contentType) => {
    const image = await bytes();
    const card = await cardFor(label.replace(/\W+/g, '-'), image, contentType);
    expect(card?.thumbnail).toEqual({ bytes: expect.any(Buffer), mimeType: 'image/jpeg', width: 64, height: 48 });
    expect((await actualSharp(card!.thumbnail!.bytes).metadata()).format).toBe('jpeg');
    expect(handedToSharp(image)).toBe(true);
  });
});
