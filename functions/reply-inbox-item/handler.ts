import { apiHandler } from '#shared/http/api-handler';
import { replyInboxItemEndpoint } from '#shared/http/endpoints/reply-inbox-item/endpoint';

export const handler = apiHandler({ ...replyInboxItemEndpoint, operation: 'reply-inbox-item' });
