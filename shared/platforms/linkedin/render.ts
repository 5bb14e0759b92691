import { escapeLittleText } from './little-text';

/**
 * What the LinkedIn adapter sends as `commentary` for a text: little text with reserved
 * characters escaped and hashtags as templates. Pure, so the preview shows the very string.
 * `characters` counts UTF-16 code units of the escaped commentary (as LinkedIn counts);
 * escaping adds characters, so a text within 3000 can exceed LinkedIn's limit once escaped.
 */
export const LINKEDIN_MAX_CHARACTERS = 3000;
/** Above this (90% of the limit) the preview warns: a small edit can tip the post over. */
export const LINKEDIN_NEAR_LIMIT = 2700;

export interface LinkedInRendering {
  commentary: string;
  characters: number;
}

export function renderLinkedInCommentary(text: string): LinkedInRendering {
  const commentary = escapeLittleText(text);
  return { commentary, characters: commentary.length };
}

export function linkedInWarnings({ characters }: LinkedInRendering): string[] {
  if (characters > LINKEDIN_MAX_CHARACTERS) {
    return [
      `linkedin: the commentary is ${characters} characters after escaping, over LinkedIn's ${LINKEDIN_MAX_CHARACTERS}; LinkedIn may refuse the post`,
    ];
  }
  if (characters > LINKEDIN_NEAR_LIMIT) {
    return [`linkedin: the commentary is ${characters} of ${LINKEDIN_MAX_CHARACTERS} characters after escaping, close to LinkedIn's limit`];
  }
  return [];
}
