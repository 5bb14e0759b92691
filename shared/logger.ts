import { Logger } from '@aws-lambda-powertools/logger';
import { config } from '#shared/config';

/**
 * The structured JSON logger (Powertools). Never give it a key value, password, token or
 * request body: log ids, codes and timings only.
 */
export const logger = new Logger({ serviceName: 'social-posting', logLevel: config.logLevel as 'INFO' });
