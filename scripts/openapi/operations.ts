import type { OperationDoc } from './operation-doc';
import { accountOperations } from './operations-account';
import { agentOperations } from './operations-agents';
import { batchOperations } from './operations-batch';
import { dashboardOperations } from './operations-dashboard';
import { draftOperations } from './operations-drafts';
import { mediaOperations } from './operations-media';
import { metricsOperations } from './operations-metrics';
import { postOperations } from './operations-posts';
import { profileOperations } from './operations-profiles';
import { webhookOperations } from './operations-webhooks';
import { queueOperations } from './operations-queue';

/**
 * Every documented operation, keyed by the route table's `operation`. A route without an
 * entry here stops the generator: whoever adds a route documents it (dashboard routes too,
 * with tag 'Dashboard').
 */
export const operationDocs: Record<string, OperationDoc> = {
  ...profileOperations,
  ...postOperations,
  ...draftOperations,
  ...mediaOperations,
  ...accountOperations,
  ...webhookOperations,
  ...agentOperations,
  ...queueOperations,
  ...metricsOperations,
  ...dashboardOperations,
  ...batchOperations,
};
