import sharp from 'sharp';
import { pageMetadata } from '#shared/platforms/link-cards/page-metadata';
import { makeThumbnail, MAX_THUMBNAIL_BYTES } from '#shared/platforms/link-cards/thumbnail';
import { firstLink } from '#shared/platforms/link-cards/link-card';

const PAGE = 'https://news.example.com/articles/42';

describe('page metadata for link cards', () => {
  it('prefers Open Graph, decodes entities and resolves a relative image against the page', () => {
    const html = `<!doctype html><html><head>
      <title>Plain title</title>
      <meta name="description" content="Plain description">
      <meta property="og:title" content="Caf&eacute; &amp; &quot;Bar&quot; &#x1F680;">
      <meta property="og:description" content="Fish &lt;&amp;&gt; chips">
      <meta property="og:image" content="/img/cover.jpg">
    </head><body><meta property="og:title" content="not this one"></body></html>`;
    expect(pageMetadata(Buffer.from(html), 'text/html; charset=utf-8', PAGE)).toEqual({
      title: 'Café & "Bar" 🚀',
      description: 'Fish <&> chips',
      image: 'https://news.example.com/img/cover.jpg',
    });
  });

  it('falls back to Twitter cards, then <title> and the description; no image when none is named', () => {
    const twitter =
      '<head><meta name="twitter:title" content="Tw title"><meta name="twitter:image" content="https://cdn.example.com/t.png"></head>';
    expect(pageMetadata(Buffer.from(twitter), 'text/html', PAGE)).toEqual({ title: 'Tw title', image: 'https://cdn.example.com/t.png' });
    const plain = '<HTML><HEAD><TITLE>\n  Just   a\ttitle </TITLE><META NAME="Description" CONTENT="words"></HEAD></HTML>';
    expect(pageMetadata(Buffer.from(plain), 'text/html', PAGE)).toEqual({ title: 'Just a title', description: 'words' });
    expect(pageMetadata(Buffer.from('<p>no head at all'), 'text/html', PAGE)).toEqual({});
  });

  it('decodes with the charset of the response, else of a <meta>, else UTF-8', () => {
    const latin1 = Buffer.concat([
      Buffer.from('<head><meta property="og:title" content="Gr'),
      Buffer.from([0xfc]),
      Buffer.from('n &euro; caf'),
      Buffer.from([0xe9]),
      Buffer.from('"></head>'),
    ]);
    expect(pageMetadata(latin1, 'text/html; charset=ISO-8859-1', PAGE).title).toBe('Grün € café');
    const declared = Buffer.concat([
      Buffer.from('<head><meta charset="windows-1252"><title>'),
      Buffer.from([0x93, 0x71, 0x94]),
      Buffer.from('</title></head>'),
    ]);
    expect(pageMetadata(declared, 'text/html', PAGE).title).toBe('\u201cq\u201d');
    const shiftJis = Buffer.concat([
      Buffer.from('<head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><title>'),
      Buffer.from([0x93, 0xfa, 0x96, 0x7b]),
      Buffer.from('</title></head>'),
    ]);
    expect(pageMetadata(shiftJis, 'text/html', PAGE).title).toBe('日本');
    expect(pageMetadata(Buffer.from('<title>ünïcode ✓</title>'), 'text/html', PAGE).title).toBe('ünïcode ✓');
    expect(pageMetadata(Buffer.from('<title>x</title>'), 'text/html; charset=no-such-charset', PAGE).title).toBe('x');
  });

  it('shortens very long titles and descriptions', () => {
    const html = `<head><meta property="og:title" content="${'t'.repeat(1000)}"><meta property="og:description" content="${'d'.repeat(5000)}"></head>`;
    const metadata = pageMetadata(Buffer.from(html), 'text/html', PAGE);
    expect([...metadata.title!]).toHaveLength(300);
    expect(metadata.title!.endsWith('…')).toBe(true);
    expect([...metadata.description!]).toHaveLength(1000);
  });

  it('takes the first link of a text as Bluesky detects it', () => {
    expect(firstLink('read example.com/a then https://other.example.org/b')).toBe('https://example.com/a');
    expect(firstLink('no links, just #tags and @alice.example.com')).toBeUndefined();
  });
});

describe('link card thumbnails', () => {
  it('fit 1,000,000 bytes, carry no metadata and keep the aspect ratio', async () => {
    // Noise compresses badly: a large noisy PNG with EXIF is the worst case for the byte limit.
    const width = 3000;
    const height = 2000;
    const noise = Buffer.alloc(width * height * 3);
    for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
    const source = await sharp(noise, { raw: { width, height, channels: 3 } })
      .withExif({ IFD0: { Copyright: 'someone', ImageDescription: 'GPS here' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const thumbnail = await makeThumbnail(source);
    expect(thumbnail.bytes.length).toBeLessThanOrEqual(MAX_THUMBNAIL_BYTES);
    expect(thumbnail.mimeType).toBe('image/jpeg');
    const metadata = await sharp(thumbnail.bytes).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(thumbnail.width / thumbnail.height).toBeCloseTo(1.5, 2);
    expect([metadata.width, metadata.height]).toEqual([thumbnail.width, thumbnail.height]);
  });

  it('refuses what is not an image', async () => {
    await expect(makeThumbnail(Buffer.from('<html>not an image</html>'))).rejects.toThrow();
  });
});
