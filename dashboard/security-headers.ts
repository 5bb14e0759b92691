/**
 * Response headers of the dashboard's pages and files, the same locally (local/static-files.ts)
 * and behind CloudFront (lib/dashboard-hosting.ts). The pages load only their own scripts and
 * styles and talk only to their own origin, so the policy can be this strict.
 */
export const contentSecurityPolicy = (uploadOrigin?: string): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // blob: the thumbnails of images picked in the compose page, shown before they are uploaded.
    "img-src 'self' data: blob:",
    // blob: a video picked in the compose page, played (muted, off-screen) to draw its poster frame.
    'media-src blob:',
    // The media bucket in AWS: images go straight to it through their presigned URLs.
    `connect-src 'self'${uploadOrigin ? ` ${uploadOrigin}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** Locally the uploads go to the local server itself. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export const DASHBOARD_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

/** Hashed file names never change content: cache them for a year. Pages are revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const PAGE_CACHE = 'no-cache';
