import type { LinkedInPoll } from '#shared/domain/platform-options';

/**
 * A poll as the Posts API takes it in `content.poll` (docs/api.md, "Platform options"): the
 * question, its options as `{text}`, and how long it stays open. Pure, so the preview shows the
 * very object the publisher sends.
 */
export interface LinkedInPollContent {
  poll: { question: string; options: Array<{ text: string }>; settings: { duration: LinkedInPoll['duration'] } };
}

export const pollContent = (poll: LinkedInPoll): LinkedInPollContent => ({
  poll: { question: poll.question, options: poll.options.map((text) => ({ text })), settings: { duration: poll.duration } },
});
