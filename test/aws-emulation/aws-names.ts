/** The account, region and stack the deployed-artifact tests synthesize and emulate. */
export const ACCOUNT = '123456789012';
export const REGION = 'eu-west-1';
export const PARTITION = 'aws';
export const URL_SUFFIX = 'amazonaws.com';
export const STACK_NAME = 'social-posting-deployed';

/** The principal a role's session is, as AWS names it in an AccessDenied message. */
export const assumedRoleArn = (roleName: string, sessionName: string): string =>
  `arn:${PARTITION}:sts::${ACCOUNT}:assumed-role/${roleName}/${sessionName}`;
