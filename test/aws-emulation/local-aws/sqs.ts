import { createHash, randomUUID } from 'node:crypto';
import type { WorldClock } from '../world-clock';
import { AwsError, jsonAnswer, parseJsonBody, type AwsService } from './protocol';

export interface QueueDefinition {
  arn: string;
  url: string;
  visibilityTimeoutSeconds: number;
  redrive?: { deadLetterArn: string; maxReceiveCount: number };
}

export interface QueueMessage {
  messageId: string;
  receiptHandle: string;
  body: string;
  md5: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  /** Who sent it: a function's session, a service (`lambda`, `scheduler`) or the operator. */
  sender: string;
  /**
   * The X-Ray trace header the send carried (the AWSTraceHeader system attribute): the AWS SDK in a
   * Lambda function sends its invocation's, with the lineage Lambda's recursive-loop detection
   * counts (lambda/recursion-detection.ts); a service's send (Scheduler's) carries none.
   */
  traceHeader?: string;
}

const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * The template's SQS queues in the world's time: DelaySeconds, visibility timeouts, receive counts
 * and the redrive to the dead-letter queue after maxReceiveCount receives. SendMessage is the one
 * API the functions call; the event source mapping and Lambda's failure destinations use the
 * methods here after their own IAM checks (lambda-service.ts).
 */
export class LocalQueues {
  private readonly queues: Map<string, { definition: QueueDefinition; messages: QueueMessage[] }>;
  private readonly listeners = new Map<string, () => void>();

  constructor(
    private readonly clock: WorldClock,
    definitions: QueueDefinition[],
  ) {
    this.queues = new Map(definitions.map((definition) => [definition.arn, { definition, messages: [] }]));
  }

  private queue(arn: string) {
    const queue = this.queues.get(arn);
    if (!queue) throw new AwsError(400, 'com.amazonaws.sqs#QueueDoesNotExist', 'The specified queue does not exist.');
    return queue;
  }

  arnOfUrl(url: string): string {
    const found = [...this.queues.values()].find((queue) => queue.definition.url === url);
    if (!found) throw new AwsError(400, 'com.amazonaws.sqs#QueueDoesNotExist', 'The specified queue does not exist.');
    return found.definition.arn;
  }

  /** Called whenever a message of the queue may have become visible (the event source polls then). */
  onVisible(arn: string, listener: () => void): void {
    this.listeners.set(arn, listener);
  }

  send(arn: string, body: string, delaySeconds: number, sender: string, traceHeader?: string): QueueMessage {
    if (!Number.isInteger(delaySeconds) || delaySeconds < 0 || delaySeconds > 900) {
      throw new AwsError(
        400,
        'InvalidParameterValue',
        `Value ${delaySeconds} for parameter DelaySeconds is invalid. Reason: must be between 0 and 900, if provided.`,
      );
    }
    const now = this.clock.now();
    const message: QueueMessage = {
      messageId: randomUUID(),
      receiptHandle: randomUUID(),
      body,
      md5: md5(body),
      sentAt: now,
      visibleAt: now + delaySeconds * 1000,
      receiveCount: 0,
      sender,
      ...(traceHeader ? { traceHeader } : {}),
    };
    this.queue(arn).messages.push(message);
    this.wake(arn, message.visibleAt);
    return message;
  }

  /** Up to `max` visible messages, hidden for the visibility timeout; over-received ones go to the dead-letter queue. */
  receive(arn: string, max: number): QueueMessage[] {
    const { definition, messages } = this.queue(arn);
    const now = this.clock.now();
    const received: QueueMessage[] = [];
    for (const message of messages.filter((candidate) => candidate.visibleAt <= now)) {
      if (received.length >= max) break;
      if (definition.redrive && message.receiveCount >= definition.redrive.maxReceiveCount) {
        this.queue(arn).messages = this.queue(arn).messages.filter((other) => other !== message);
        this.queue(definition.redrive.deadLetterArn).messages.push({ ...message, visibleAt: now });
        continue;
      }
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.receiptHandle = randomUUID();
      message.visibleAt = now + definition.visibilityTimeoutSeconds * 1000;
      this.wake(arn, message.visibleAt);
      received.push({ ...message });
    }
    return received;
  }

  /** ChangeMessageVisibility: the received message with this handle becomes visible `seconds` from now. */
  changeVisibility(arn: string, receiptHandle: string, seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 43_200) {
      throw new AwsError(
        400,
        'InvalidParameterValue',
        `Value ${seconds} for parameter VisibilityTimeout is invalid. Reason: Must be between 0 and 43200.`,
      );
    }
    const message = this.queue(arn).messages.find((candidate) => candidate.receiptHandle === receiptHandle);
    if (!message) throw new AwsError(400, 'com.amazonaws.sqs#ReceiptHandleIsInvalid', 'The input receipt handle is invalid.');
    message.visibleAt = this.clock.now() + seconds * 1000;
    this.wake(arn, message.visibleAt);
  }

  /** A received message moved to the queue's dead-letter queue at once (Lambda stopped a recursive loop), or dropped without one. */
  deadLetter(arn: string, receiptHandle: string): void {
    const { definition, messages } = this.queue(arn);
    const message = messages.find((candidate) => candidate.receiptHandle === receiptHandle);
    if (!message) return;
    this.delete(arn, receiptHandle);
    if (definition.redrive) this.queue(definition.redrive.deadLetterArn).messages.push({ ...message, visibleAt: this.clock.now() });
  }

  delete(arn: string, receiptHandle: string): void {
    const queue = this.queue(arn);
    queue.messages = queue.messages.filter((message) => message.receiptHandle !== receiptHandle);
  }

  /** Every message the queue holds, visible or not. */
  messages(arn: string): QueueMessage[] {
    return this.queue(arn).messages.map((message) => ({ ...message }));
  }

  private wake(arn: string, at: number): void {
    this.clock.at(at, () => this.listeners.get(arn)?.());
  }

  /** The SQS API the functions call (AWS JSON 1.0): SendMessage and ChangeMessageVisibility, with IAM on the queue's ARN (its queue policy with the role's policies). */
  service(): AwsService {
    return async (call) => {
      if (call.operation === 'ChangeMessageVisibility') {
        const body = parseJsonBody<{ QueueUrl: string; ReceiptHandle: string; VisibilityTimeout: number }>(call);
        const arn = this.arnOfUrl(body.QueueUrl);
        await call.authorizeOperation(arn);
        this.changeVisibility(arn, body.ReceiptHandle, body.VisibilityTimeout);
        return jsonAnswer({});
      }
      if (call.operation !== 'SendMessage') throw new AwsError(400, 'UnsupportedOperation', `SQS ${call.operation} is not emulated here`);
      const body = parseJsonBody<{ QueueUrl: string; MessageBody: string; DelaySeconds?: number }>(call);
      const arn = this.arnOfUrl(body.QueueUrl);
      await call.authorizeOperation(arn);
      const sender = call.caller.kind === 'role' ? call.caller.principal.sessionName : 'operator';
      const traceHeader = call.headers['x-amzn-trace-id'];
      const message = this.send(
        arn,
        body.MessageBody,
        body.DelaySeconds ?? 0,
        sender,
        typeof traceHeader === 'string' ? traceHeader : undefined,
      );
      return jsonAnswer({ MessageId: message.messageId, MD5OfMessageBody: message.md5 });
    };
  }
}
