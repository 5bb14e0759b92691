import type { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

/**
 * Every reading of a failed conditional write, in one place: a single-item write whose condition
 * failed (`ConditionalCheckFailedException`) and a cancelled transaction (`TransactionCanceledException`,
 * one reason per item). Errors are recognised by name, which holds for the SDK's own classes and for
 * an error that crossed a copy of the SDK (where `instanceof` would not).
 */
export const isConditionFailure = (error: unknown): error is ConditionalCheckFailedException =>
  (error as Error | undefined)?.name === 'ConditionalCheckFailedException';

export const isCancelledTransaction = (error: unknown): error is TransactionCanceledException =>
  (error as Error | undefined)?.name === 'TransactionCanceledException';

/** For `.catch(ignoreConditionFailure)`: a write whose condition failed had nothing to do. */
export function ignoreConditionFailure(error: unknown): void {
  if (!isConditionFailure(error)) throw error;
}

/**
 * With ReturnValuesOnConditionCheckFailure ALL_OLD, the item as it was when a single-item write's
 * condition failed (undefined when there was none, or for any other error). DynamoDB returns it in
 * raw attribute-value form even through the document client, so it is unmarshalled here.
 */
export function oldItemOf(error: unknown): Record<string, unknown> | undefined {
  if (!isConditionFailure(error) || !error.Item) return undefined;
  return unmarshall(error.Item as never);
}

/**
 * One reading of a cancelled transaction: for each item of the transaction (same order),
 * whether its condition failed and, with ReturnValuesOnConditionCheckFailure ALL_OLD, the
 * item as it was (unmarshalled as above).
 */
export interface CancellationReason {
  conditionFailed: boolean;
  code: string;
  item?: Record<string, unknown>;
}

export function cancellationReasons(error: unknown): CancellationReason[] | undefined {
  if (!isCancelledTransaction(error)) return undefined;
  return (error.CancellationReasons ?? []).map((reason) => ({
    conditionFailed: reason.Code === 'ConditionalCheckFailed',
    code: reason.Code ?? 'None',
    item: reason.Item ? unmarshall(reason.Item as never) : undefined,
  }));
}

/** True when the transaction was cancelled because the condition of its item at `index` failed. */
export const failedCondition = (error: unknown, index: number): boolean => cancellationReasons(error)?.[index]?.conditionFailed ?? false;

/** True when the transaction failed only because another transaction touched the same items. */
export const isTransactionConflict = (reasons: CancellationReason[]): boolean =>
  reasons.some((reason) => reason.code === 'TransactionConflict') && !reasons.some((reason) => reason.conditionFailed);

/** True for a cancelled transaction that failed only on such a conflict (nothing was written; trying again may pass). */
export const isConflictOnly = (error: unknown): boolean => {
  const reasons = cancellationReasons(error);
  return reasons !== undefined && isTransactionConflict(reasons);
};
