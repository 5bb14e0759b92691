import { apiHandler } from '#shared/http/api-handler';
import { approveInboxReplyEndpoint } from '#shared/http/endpoints/approve-inbox-reply/endpoint';

export const handler = apiHandler({ ...approveInboxReplyEndpoint, operation: 'approve-inbox-reply' });
