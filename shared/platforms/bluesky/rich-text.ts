import type { Agent, AppBskyRichtextFacet } from '@atproto/api';
// The library's own detector and UTF-8 indexing, imported past the package entry: the entry
// loads the whole generated client (about 1 MB bundled), which the preview never needs.
import { detectFacets } from '@atproto/api/dist/rich-text/detection';
import { UnicodeString } from '@atproto/api/dist/rich-text/unicode';

/**
 * A post text with its facets, so links, mentions and hashtags are clickable. Detection is
 * the Bluesky library's (UTF-8 byte ranges, what the record wants) and runs offline; only a
 * mention needs the network, to resolve its handle to a DID. The preview (render.ts) shows
 * the offline facets; the publisher adds the mentions it resolved, so for a text without
 * mentions both are the same facets by construction.
 */
export type Facet = AppBskyRichtextFacet.Main;

export interface PostText {
  text: string;
  facets?: Facet[];
}

export interface OfflineRichText {
  text: string;
  /** Links and hashtags, in text order. */
  facets: Facet[];
  /** Mentions still to resolve: their feature's `did` holds the handle. */
  mentions: Facet[];
}

const MENTION = 'app.bsky.richtext.facet#mention';
const isMentionFacet = (facet: Facet): boolean => facet.features.some((feature) => feature.$type === MENTION);
const byStart = (a: Facet, b: Facet) => a.index.byteStart - b.index.byteStart;

export function detectOffline(text: string): OfflineRichText {
  // What RichText.detectFacetsWithoutResolution does: detect, then order by position.
  const detected = ((detectFacets(new UnicodeString(text)) ?? []) as Facet[]).sort(byStart);
  return { text, facets: detected.filter((facet) => !isMentionFacet(facet)), mentions: detected.filter(isMentionFacet) };
}

/** The handle a detected (unresolved) mention names. */
export const mentionHandle = (mention: Facet): string =>
  String((mention.features.find((feature) => feature.$type === MENTION) as { did: string }).did);

/**
 * The offline facets plus each mention whose handle resolves through the PDS. A handle that
 * does not resolve stays plain text: a mention with an empty DID would be refused as a record.
 */
export const richText = (agent: Agent, text: string): Promise<PostText> => resolveMentions(agent, detectOffline(text));

/** A text detected offline (a preview's part), with the mentions that resolve added to its facets. */
export async function resolveMentions(agent: Agent, offline: OfflineRichText): Promise<PostText> {
  const resolved = await Promise.all(
    offline.mentions.map(async (mention): Promise<Facet | undefined> => {
      const did = await agent.com.atproto.identity.resolveHandle({ handle: mentionHandle(mention) }).then(
        (res) => res?.data.did,
        () => undefined,
      );
      return did ? { ...mention, features: [{ $type: MENTION, did }] } : undefined;
    }),
  );
  const facets = [...offline.facets, ...resolved.filter((facet): facet is Facet => facet !== undefined)].sort(byStart);
  return facets.length ? { text: offline.text, facets } : { text: offline.text };
}
