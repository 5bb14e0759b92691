/**
 * The typed client of the social posting API, generated from docs/openapi.json (client/README.md).
 */
export { createSocialPostingClient, orThrow } from './client';
export type { CallInit, CallResult, PathsWith, SocialPostingClient, SocialPostingClientOptions } from './client';
export { ApiError } from './errors';
export type { ApiErrorBody, ApiErrorFor, CallError, ErrorBodyOf, ErrorCode, UnexpectedResponseBody } from './errors';
export { defaultSleep, retryingFetch } from './retry';
export type { RetryOptions } from './retry';
export type { components, operations, paths } from './schema.gen';
