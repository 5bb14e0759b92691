import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProfileAuthor } from '#shared/domain/profile-author';
import { db, tableName } from './client';
import { profileKey, type ProfileItem } from './profiles';
import { isConditionFailure } from './transaction-errors';

/**
 * Records the page a LinkedIn profile connected for a page posts as (docs/api.md, "LinkedIn
 * pages"). Conditional on the profile still being this one and connected for a page (it stores
 * an `author`, null until picked); undefined when it is not (deleted, replaced, or a member
 * connection).
 */
export async function setLinkedInPageAuthor(accountId: string, profileId: string, author: ProfileAuthor): Promise<ProfileItem | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: profileKey(accountId, 'linkedin'),
        UpdateExpression: 'SET author = :author',
        ConditionExpression: 'id = :id AND attribute_exists(author)',
        ExpressionAttributeValues: { ':author': author, ':id': profileId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as ProfileItem | undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
