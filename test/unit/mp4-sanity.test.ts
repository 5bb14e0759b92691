import { checkMp4Declarations, ImpossibleMp4 } from '#shared/media/mp4-sanity';
import { withStscSamplesPerChunk, withSttsSampleCount } from '../support/hostile-media';
import { clipArgs, describeWithFfmpeg, videoClips, type Clips } from '../support/video-clips';

/**
 * The MP4 checks made before mediabunny parses a file (shared/media/mp4-sanity.ts): declarations a
 * file cannot hold are refused (ImpossibleMp4), real files of every layout pass.
 */
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, flags: number, ...payload: Buffer[]) => box(type, u32(flags), ...payload);
const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2avc1mp41'));
const stbl = (...tables: Buffer[]) => box('moov', box('trak', box('mdia', box('minf', box('stbl', ...tables)))));
const stts = (...entries: Array<[number, number]>) =>
  fullBox('stts', 0, u32(entries.length), ...entries.flatMap(([n, d]) => [u32(n), u32(d)]));
const stsz = (sampleSize: number, count: number, sizes: number[] = []) =>
  fullBox('stsz', 0, u32(sampleSize), u32(count), ...sizes.map(u32));
const file = (...boxes: Buffer[]) => Buffer.concat([ftyp, ...boxes, box('mdat', Buffer.alloc(64))]);
const check = (bytes: Buffer) => checkMp4Declarations(bytes.length, async (start, end) => bytes.subarray(start, end));

describe('MP4 declarations', () => {
  it('passes a well-formed file, and leaves a file that is not ISO BMFF to the parser', async () => {
    await expect(check(file(stbl(stts([3, 512]), stsz(0, 3, [10, 10, 10]))))).resolves.toBeUndefined();
    await expect(check(Buffer.from('not a video at all, and longer than a header'))).resolves.toBeUndefined();
    // Padding shorter than a box header at the end is ignored, as readers do.
    await expect(check(Buffer.concat([file(stbl(stts([1, 1]), stsz(0, 1, [1]))), Buffer.alloc(3)]))).resolves.toBeUndefined();
  });

  it.each([
    [
      'an stts declaring more samples than stsz holds',
      file(stbl(stts([0xffffffff, 512]), stsz(0, 3, [10, 10, 10]))),
      /stts declares 4294967295 samples, stsz 3/,
    ],
    [
      'an stts declaring more samples than the file has bytes (no stsz)',
      file(stbl(stts([0xffffffff, 512]))),
      /stts declares 4294967295 samples, a \d+-byte file/,
    ],
    [
      'an stsc putting more samples in a chunk than stsz holds',
      file(stbl(fullBox('stsc', 0, u32(1), u32(1), u32(0xffffffff), u32(1)), stsz(0, 1, [1]))),
      /stsc declares 4294967295 samples in a chunk, stsz 1/,
    ],
    ['an stts whose entry count exceeds its box', file(stbl(fullBox('stts', 0, u32(1000), u32(1), u32(1)))), /stts declares 1000 entries/],
    [
      'an stsz of constant-size samples larger than the file',
      file(stbl(stsz(1000, 1_000_000))),
      /stsz declares 1000000 samples of 1000 bytes/,
    ],
    ['an stsz whose sizes exceed its box', file(stbl(stsz(0, 0x40000000))), /stsz declares 1073741824 sample sizes/],
    ['an stco whose offsets exceed its box', file(stbl(fullBox('stco', 0, u32(0x10000000)))), /stco declares 268435456 entries/],
    ['a co64 whose offsets exceed its box', file(stbl(fullBox('co64', 0, u32(5), u32(0), u32(0)))), /co64 declares 5 entries/],
    ['an stsc whose entries exceed its box', file(stbl(fullBox('stsc', 0, u32(2), u32(1), u32(1), u32(1)))), /stsc declares 2 entries/],
    [
      'a trun whose samples exceed its box',
      file(box('moof', box('traf', fullBox('trun', 0x300, u32(1000), u32(1), u32(1))))),
      /trun declares 1000 samples/,
    ],
    [
      'a trun of field-less samples beyond the file',
      file(box('moof', box('traf', fullBox('trun', 0, u32(0xffffff))))),
      /trun declares 16777215 samples/,
    ],
    [
      'a top-level box past the end of the file',
      Buffer.concat([ftyp, u32(1 << 30), Buffer.from('mdat'), Buffer.alloc(16)]),
      /mdat declares 1073741824 bytes, past the end/,
    ],
    [
      'a box smaller than its header',
      Buffer.concat([ftyp, u32(4), Buffer.from('free'), Buffer.alloc(16)]),
      /free declares 4 bytes, less than its header/,
    ],
    [
      'a child box past its parent',
      Buffer.concat([ftyp, box('moov', u32(64), Buffer.from('trak'), Buffer.alloc(8))]),
      /trak declares 64 bytes, past the end/,
    ],
    [
      'a child box of size 0',
      Buffer.concat([ftyp, box('moov', u32(0), Buffer.from('trak'), Buffer.alloc(8))]),
      /trak declares size 0 inside a box/,
    ],
    [
      'a 64-bit size past the file',
      Buffer.concat([ftyp, u32(1), Buffer.from('mdat'), u32(1), u32(0), Buffer.alloc(8)]),
      /mdat declares 4294967296 bytes/,
    ],
  ])('refuses %s', async (_name, bytes, message) => {
    const refused = await check(bytes).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImpossibleMp4);
    expect((refused as Error).message).toMatch(message);
  });

  it('accepts a 64-bit size that fits, and a last box of size 0 (to the end of the file)', async () => {
    const large = Buffer.concat([u32(1), Buffer.from('free'), u32(0), u32(24), Buffer.alloc(8)]);
    await expect(check(Buffer.concat([ftyp, large, u32(0), Buffer.from('mdat'), Buffer.alloc(40)]))).resolves.toBeUndefined();
  });
});

describeWithFfmpeg('MP4 declarations of real files', () => {
  let clips: Clips;
  beforeAll(() => (clips = videoClips()));
  afterAll(() => clips.cleanup());
  const faststart = clipArgs({ seconds: 2 });
  const plain = faststart.slice(0, -2);

  it.each([
    ['with moov first', faststart],
    ['with moov last', plain],
    ['without audio', clipArgs({ seconds: 1, size: '64x36', audio: false })],
  ])('passes an ffmpeg clip %s; refuses it once its stts declares 0xFFFFFFFF samples', async (name, args) => {
    const clip = await clips.make(`${name.replace(/\W+/g, '-')}.mp4`, args);
    await expect(check(clip)).resolves.toBeUndefined();
    await expect(check(withSttsSampleCount(clip))).rejects.toThrow(/stts declares 4294967295 samples/);
    await expect(check(withStscSamplesPerChunk(clip))).rejects.toThrow(/stsc declares 4294967295 samples in a chunk/);
  });

  it('passes a fragmented ffmpeg clip (its samples in moof/trun boxes)', async () => {
    const clip = await clips.make('fragmented.mp4', [...plain, '-movflags', '+frag_keyframe+empty_moov']);
    await expect(check(clip)).resolves.toBeUndefined();
  });
});
