import type { OperationDoc } from './operation-doc';
import { accountOperations } from './operations-account';
import { dashboardOperations } from './operations-dashboard';
import { mediaOperations } from './operations-media';
import { metricsOperations } from './operations-metrics';
import { postOperations } from './operations-posts';
import { profileOperations } from './operations-profiles';
import { webhookOperations } from './operations-webhooks';

/**
 * Every documented operation, keyed by the route table's `operation`. A route without an
 * entry here stops the generator: whoever adds a route documents it (dashboard routes too,
 * with tag 'Dashboard').
 */
export const operationDocs: Record<string, OperationDoc> = {
  ...profileOperations,
  ...postOperations,
  ...mediaOperations,
  ...accountOperations,
  ...webhookOperations,
  ...metricsOperations,
  ...dashboardOperations,
};
