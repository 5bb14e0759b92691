import { join } from 'node:path';
import type { Agent } from '@atproto/api';
import { build } from 'esbuild';
import { renderBluesky, renderBlueskyThread } from '#shared/platforms/bluesky/render';
import { richText } from '#shared/platforms/bluesky/rich-text';
import { linkedInWarnings, renderLinkedInCommentary } from '#shared/platforms/linkedin/render';
import { generateTexts } from '../support/text-generator';

/** An agent that resolves only the handles given (the only network call facet detection makes). */
const agentResolving = (dids: Record<string, string>) => {
  const calls: string[] = [];
  const agent = {
    com: {
      atproto: {
        identity: {
          resolveHandle: async ({ handle }: { handle: string }) => {
            calls.push(handle);
            if (!dids[handle]) throw new Error('Unable to resolve handle');
            return { data: { did: dids[handle] } };
          },
        },
      },
    },
  } as unknown as Agent;
  return { agent, calls };
};

describe('the rendering the preview shows and the publishers send', () => {
  it('gives the publisher the preview facets for texts without mentions, with no network call', async () => {
    const texts = generateTexts(80, 5, ['x']).map((text) => text.replace(/@/g, '＠'));
    const { agent, calls } = agentResolving({});
    for (const text of texts) {
      for (const part of renderBlueskyThread(text)) {
        const sent = await richText(agent, part.text);
        expect(sent.facets ?? []).toEqual(part.facets);
        expect(sent.text).toBe(part.text);
      }
    }
    expect(calls).toEqual([]);
  });

  it('adds resolved mentions in text order, drops the unresolved, and warns of each mention once', async () => {
    const text = 'hi @alice.test and https://example.com then @ghost.test #tag @alice.test';
    const { agent, calls } = agentResolving({ 'alice.test': 'did:plc:alice' });
    const [part] = renderBlueskyThread(text);
    const sent = await richText(agent, text);
    expect(calls.sort()).toEqual(['alice.test', 'alice.test', 'ghost.test']);
    const kinds = (sent.facets ?? []).map((facet) => facet.features[0].$type.split('#')[1]);
    expect(kinds).toEqual(['mention', 'link', 'tag', 'mention']);
    expect((sent.facets ?? []).filter((facet) => facet.features[0].$type.endsWith('#mention')).map((facet) => facet.features[0])).toEqual([
      { $type: 'app.bsky.richtext.facet#mention', did: 'did:plc:alice' },
      { $type: 'app.bsky.richtext.facet#mention', did: 'did:plc:alice' },
    ]);
    expect((sent.facets ?? []).filter((facet) => !facet.features[0].$type.endsWith('#mention'))).toEqual(part.facets);
    expect(renderBluesky(text).warnings).toEqual([
      expect.stringMatching(/^bluesky: @alice\.test cannot be checked/),
      expect.stringMatching(/^bluesky: @ghost\.test cannot be checked/),
    ]);
  });

  it('warns of a thread, and of nothing for a text that fits one post', () => {
    expect(renderBluesky('x'.repeat(300)).warnings).toEqual([]);
    expect(renderBluesky('word '.repeat(61)).warnings).toEqual([expect.stringMatching(/thread of 2 posts/)]);
  });

  it('counts escaped LinkedIn characters and warns above 2700 and above 3000', () => {
    expect(renderLinkedInCommentary('a_b')).toEqual({ commentary: 'a\\_b', characters: 4 });
    expect(linkedInWarnings(renderLinkedInCommentary('_'.repeat(1350)))).toEqual([]); // exactly 2700
    expect(linkedInWarnings(renderLinkedInCommentary('_'.repeat(1351)))).toEqual([expect.stringMatching(/2702 of 3000/)]);
    expect(linkedInWarnings(renderLinkedInCommentary('_'.repeat(1501)))).toEqual([expect.stringMatching(/3002 .*over/)]);
  });

  it("keeps @atproto/api's generated client out of the preview functions (1.06 MB of bundle otherwise)", async () => {
    const root = join(__dirname, '../..');
    const { metafile } = await build({
      entryPoints: ['preview-post'].map((operation) => join(root, 'functions', operation, 'handler.ts')),
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'cjs',
      external: ['@aws-sdk/*'],
      minify: true,
      tsconfig: join(root, 'tsconfig.json'),
      write: false,
      outdir: '/nowhere',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((input) => input.endsWith('@atproto/api/dist/rich-text/detection.js'))).toHaveLength(1);
    expect(inputs.filter((input) => /@atproto\/api\/dist\/(client|agent|index)/.test(input))).toEqual([]);
    // 267 kB before issues 41-42; the create-post validator with repeat rules, tracked links and platform options: 315 kB.
    for (const output of Object.values(metafile.outputs)) expect(output.bytes).toBeLessThan(330_000);
  }, 60_000);
});
