import type { OperationEntry } from '../operation';

/** Apps connected with OAuth (docs/api.md, "Connections"). Admin only: a connection cannot see or revoke others. */
const connection = {
  id: '6a1f0c2e-3b4d-4e5f-8a9b-1c2d3e4f5a6b',
  client_name: 'Claude',
  client_uri: 'https://claude.ai',
  redirect_host: 'claude.ai',
  scope: 'draft',
  created_at: '2026-11-28T09:30:00.000Z',
  last_used_at: '2026-11-28T10:02:00.000Z',
};

export const connectionOperations: Record<string, OperationEntry> = {
  'list-connections': {
    method: 'GET',
    path: '/connections',
    dashboardPath: '/dashboard/api/connections',
    auth: 'api-key',
    scope: 'admin',
    tag: 'Connections',
    summary: 'List connected apps',
    description:
      'Each app authorized with OAuth: its name, where its codes went, the scope granted, when, and its last use (to the minute).',
    success: { status: 200, description: 'The connections.', schema: 'ConnectionList', example: { connections: [connection] } },
    errors: [],
  },
  'delete-connection': {
    method: 'DELETE',
    path: '/connections/{id}',
    dashboardPath: '/dashboard/api/connections/{id}',
    auth: 'api-key',
    scope: 'admin',
    tag: 'Connections',
    summary: 'Revoke a connected app',
    description: 'Every access and refresh token of the connection is refused from the next request on (401). Unknown: NOT_FOUND.',
    success: { status: 204, description: 'Revoked.' },
    errors: ['NOT_FOUND'],
  },
};
