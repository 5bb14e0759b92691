import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

/**
 * One reading of a cancelled transaction: for each item of the transaction (same order),
 * whether its condition failed and, with ReturnValuesOnConditionCheckFailure ALL_OLD, the
 * item as it was. DynamoDB returns that item in raw attribute-value form even through the
 * document client, so it is unmarshalled here.
 */
export interface CancellationReason {
  conditionFailed: boolean;
  code: string;
  item?: Record<string, unknown>;
}

export function cancellationReasons(error: unknown): CancellationReason[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((reason) => ({
    conditionFailed: reason.Code === 'ConditionalCheckFailed',
    code: reason.Code ?? 'None',
    item: reason.Item ? unmarshall(reason.Item as never) : undefined,
  }));
}

/** True when the transaction failed only because another transaction touched the same items. */
export const isTransactionConflict = (reasons: CancellationReason[]): boolean =>
  reasons.some((reason) => reason.code === 'TransactionConflict') && !reasons.some((reason) => reason.conditionFailed);
