/**
 * What the thread splitter uses of @atproto/api's RichText (facet detection), built on the
 * package's own detection and UTF-8 index code: the same rules, without the package entry's
 * generated API client (hundreds of kilobytes). Vite aliases `@atproto/api` here.
 */
import type { Facet } from '@atproto/api/dist/rich-text/detection';
import { detectFacets } from '@atproto/api/dist/rich-text/detection';
import { UnicodeString } from '@atproto/api/dist/rich-text/unicode';

export class RichText {
  readonly unicodeText: UnicodeString;
  facets?: Facet[];

  constructor({ text }: { text: string }) {
    this.unicodeText = new UnicodeString(text);
  }

  detectFacetsWithoutResolution(): this {
    this.facets = detectFacets(this.unicodeText);
    return this;
  }
}
