import { AppBskyRichtextFacet, RichText, type Agent } from '@atproto/api';

/**
 * A post text with its facets, so links, mentions and hashtags are clickable. The Bluesky
 * detector gives UTF-8 byte ranges (what the record wants) and resolves each mention's handle
 * to a DID through the PDS. A handle that does not resolve stays plain text: the library
 * leaves such a mention with an empty DID, which the PDS would refuse as a record.
 */
export interface PostText {
  text: string;
  facets?: AppBskyRichtextFacet.Main[];
}

export async function richText(agent: Agent, text: string): Promise<PostText> {
  const rt = new RichText({ text });
  await rt.detectFacets(agent);
  const facets = (rt.facets ?? [])
    .map((facet) => ({
      ...facet,
      features: facet.features.filter((feature) => !AppBskyRichtextFacet.isMention(feature) || feature.did !== ''),
    }))
    .filter((facet) => facet.features.length > 0);
  return facets.length ? { text: rt.text, facets } : { text: rt.text };
}
