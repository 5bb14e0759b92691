/**
 * @atproto/api's UnicodeString imports one function of @atproto/common-web, whose entry
 * pulls zod and the lexicon data model. Vite aliases `@atproto/common-web` here.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export const graphemeLen = (text: string): number => [...segmenter.segment(text)].length;
