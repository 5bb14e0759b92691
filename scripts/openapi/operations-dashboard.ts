import { signInSchema } from '#shared/http/endpoints/dashboard-sign-in/schema';
import type { OperationDoc } from './operation-doc';
import { accountOperations } from './operations-account';
import { draftOperations } from './operations-drafts';
import { mediaOperations } from './operations-media';
import { metricsOperations } from './operations-metrics';
import { postOperations } from './operations-posts';
import { profileOperations } from './operations-profiles';
import { webhookOperations } from './operations-webhooks';
import { queueOperations } from './operations-queue';

/**
 * The dashboard's API (docs/api.md, "Dashboard"): the public operations again behind the session
 * cookie (same domain functions, same schemas, same errors), plus signing in and out.
 */
const publicDocs: Record<string, OperationDoc> = {
  ...profileOperations,
  ...postOperations,
  ...draftOperations,
  ...mediaOperations,
  ...accountOperations,
  ...webhookOperations,
  ...queueOperations,
  ...metricsOperations,
};

function likePublic(operation: string, note = ''): OperationDoc {
  const doc = publicDocs[operation];
  return {
    ...doc,
    tag: 'Dashboard',
    description: `As the public API's ${operation}, for the signed-in account.${note} ${doc.description}`,
  };
}

const session = {
  account: { id: '7194baae-2c1d-4e3f-8a9b-0c1d2e3f4a5b', name: 'Acme', email: 'owner@example.com', plan: 'free' },
  csrf_token: 'Jq2sV6mXw1cP0o9nT4rY8uE3iA5dF7gH2jK6lZ0xC1v',
};

export const dashboardOperations: Record<string, OperationDoc> = {
  'dashboard-sign-in': {
    tag: 'Dashboard',
    summary: 'Sign in to the dashboard',
    description:
      'Email and password of the account owner. Sets the session cookie (12 h idle expiry) and returns the CSRF token. ' +
      'A wrong email and a wrong password answer alike (INVALID_CREDENTIALS); ten failures for an email within 15 minutes ' +
      'lock it for 15 minutes (RATE_LIMIT_EXCEEDED with retry_after).',
    body: signInSchema,
    success: {
      status: 200,
      description: 'Signed in.',
      schema: 'DashboardSession',
      example: session,
      headers: ['set-cookie', 'cache-control'],
    },
    errors: ['INVALID_CREDENTIALS', 'RATE_LIMIT_EXCEEDED'],
    rateLimitVariants: ['api'],
  },
  'dashboard-sign-out': {
    tag: 'Dashboard',
    summary: 'Sign out',
    description: 'Ends the session and clears its cookie.',
    success: { status: 204, description: 'Signed out.', headers: ['set-cookie'] },
    errors: [],
  },
  'dashboard-get-session': {
    tag: 'Dashboard',
    summary: 'The signed-in account and its CSRF token',
    description: 'For a page loaded with a live session cookie.',
    success: { status: 200, description: 'The session.', schema: 'DashboardSession', example: session },
    errors: [],
  },
  'dashboard-list-keys': likePublic('list-keys'),
  'dashboard-create-key': likePublic('create-key', ' The value is shown this once.'),
  'dashboard-delete-key': likePublic('delete-key'),
  'dashboard-list-profiles': likePublic('list-profiles'),
  'dashboard-connect-bluesky': likePublic('connect-bluesky'),
  'dashboard-authorize-linkedin': likePublic('authorize-linkedin'),
  'dashboard-delete-profile': likePublic('delete-profile'),
  'dashboard-list-profile-authors': likePublic('list-profile-authors'),
  'dashboard-set-profile-author': likePublic('set-profile-author'),
  'dashboard-get-usage': likePublic('get-usage'),
  'dashboard-list-posts': likePublic('list-posts'),
  'dashboard-create-post': likePublic('create-post'),
  'dashboard-preview-post': likePublic('preview-post'),
  'dashboard-create-media': likePublic('create-media'),
  'dashboard-complete-media': likePublic('complete-media'),
  'dashboard-edit-post': likePublic('edit-post'),
  'dashboard-delete-post': likePublic('delete-post'),
  'dashboard-retry-post': likePublic('retry-post'),
  'dashboard-schedule-post': likePublic('schedule-post'),
  'dashboard-list-webhooks': likePublic('list-webhooks'),
  'dashboard-create-webhook': likePublic('create-webhook', ' The secret is shown this once.'),
  'dashboard-delete-webhook': likePublic('delete-webhook'),
  'dashboard-test-webhook': likePublic('test-webhook'),
  'dashboard-refresh-post-metrics': likePublic('refresh-post-metrics'),
  'dashboard-get-analytics': likePublic('get-analytics'),
  'dashboard-rotate-webhook-secret': likePublic('rotate-webhook-secret', ' The new secret is shown this once.'),
  'dashboard-list-webhook-deliveries': likePublic('list-webhook-deliveries'),
  'dashboard-get-queue': likePublic('get-queue'),
  'dashboard-put-queue': likePublic('put-queue'),
};
