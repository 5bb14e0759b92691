import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { deleteSeries } from '#shared/use-cases/series/series-resource';

export const deleteSeriesEndpoint: EndpointDefinition = {
  pathId: true,
  // Each waiting occurrence it deletes is `post.deleted` by this caller (docs/api.md, "Audit trail").
  handle: async ({ accountId, path, state }) => {
    await deleteSeries(accountId, parseId(path.id), auditActorOf(state));
    return { statusCode: 204 };
  },
};
