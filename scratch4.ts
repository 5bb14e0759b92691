import { clipArgs, videoClips } from '#test/support/video-clips';
import { findBox } from '#test/support/hostile-media';
import { runInSandbox, closeMediaSandbox } from '#shared/media/sandbox/run';
async function main() {
  const clips = videoClips();
  const clip = await clips.make('one.mp4', clipArgs({ seconds: 1, size: '64x36', audio: false }));
  const variants: Array<[string, Buffer]> = [];
  const stsc = Buffer.from(clip); const a = findBox(stsc, 'stsc'); console.log('stsc entries', stsc.readUInt32BE(a + 12)); stsc.writeUInt32BE(0xffffffff, a + 20); variants.push(['stsc spc', stsc]);
  const stsc2 = Buffer.from(clip); stsc2.writeUInt32BE(0xffffffff, a + 16); variants.push(['stsc first chunk', stsc2]);
  const mdhd = Buffer.from(clip); const m = findBox(mdhd, 'mdhd'); mdhd.writeUInt32BE(1, m + 20); variants.push(['timescale 1', mdhd]);
  const stts2 = Buffer.from(clip); const s = findBox(stts2, 'stts'); stts2.writeUInt32BE(0xffffffff, s + 20); variants.push(['stts delta', stts2]);
  for (const [name, b] of variants) {
    const t = Date.now();
    const out = await runInSandbox('probe-video', { size: b.length }, { read: async (s, e) => b.subarray(s, e) }).catch((e) => e.message);
    console.log(name, JSON.stringify(out), Date.now() - t);
  }
  await closeMediaSandbox();
  clips.cleanup();
}
void main();
