import { apiHandler } from '#shared/http/api-handler';
import { listAuditEndpoint } from '#shared/http/endpoints/list-audit/endpoint';

export const handler = apiHandler({ ...listAuditEndpoint, operation: 'list-audit' });
