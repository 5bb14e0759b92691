import { signInSchema } from '#shared/http/endpoints/dashboard-sign-in/schema';
import type { OperationEntry } from '../operation';

/** The dashboard's own operations (docs/api.md, "Dashboard"): signing in and out; the public operations serve it at their `dashboardPath`. */
const session = {
  account: { id: '7194baae-2c1d-4e3f-8a9b-0c1d2e3f4a5b', name: 'Acme', email: 'owner@example.com', plan: 'free' },
  csrf_token: 'Jq2sV6mXw1cP0o9nT4rY8uE3iA5dF7gH2jK6lZ0xC1v',
};

export const dashboardOperations: Record<string, OperationEntry> = {
  'dashboard-sign-in': {
    method: 'POST',
    path: '/dashboard/api/sign-in',
    auth: 'none',
    deadline: 'outbound',
    memoryMb: 1024,
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
    method: 'POST',
    path: '/dashboard/api/sign-out',
    auth: 'session',
    tag: 'Dashboard',
    summary: 'Sign out',
    description: 'Ends the session and clears its cookie.',
    success: { status: 204, description: 'Signed out.', headers: ['set-cookie'] },
    errors: [],
  },
  'dashboard-get-session': {
    method: 'GET',
    path: '/dashboard/api/session',
    auth: 'session',
    tag: 'Dashboard',
    summary: 'The signed-in account and its CSRF token',
    description: 'For a page loaded with a live session cookie.',
    success: { status: 200, description: 'The session.', schema: 'DashboardSession', example: session },
    errors: [],
  },
};
