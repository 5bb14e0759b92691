'use strict';
/**
 * A stand-in for the Lambda Node.js runtime, run as its own process on the runtime's Node.js
 * (lambda-service.ts starts one per execution environment). Like the real runtime it loads the
 * handler named by _HANDLER from LAMBDA_TASK_ROOT (init), then serves invocations one at a time:
 * event in, the handler's JSON-serialized result or its error out, console lines prefixed with the
 * time, request id and level, _X_AMZN_TRACE_ID set per invocation. Events arrive over the IPC
 * channel instead of the Runtime API.
 *
 * One addition: the world clock. Each message carries the emulated world's offset from real time,
 * and Date (new Date(), Date.now(), Date()) is shifted by it before the bundle loads, so the bundle
 * lives in the same "now" as the emulated services. Timers and performance.now() are untouched.
 */
const path = require('node:path');
const { format } = require('node:util');

const RealDate = Date;
let offsetMs = 0;
const now = () => RealDate.now() + offsetMs;
const ShiftedDate = new Proxy(RealDate, {
  construct(target, args, newTarget) {
    return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget === ShiftedDate ? target : newTarget);
  },
  apply() {
    return new RealDate(now()).toString();
  },
  get(target, property) {
    return property === 'now' ? now : Reflect.get(target, property, target);
  },
});
globalThis.Date = ShiftedDate;

let requestId = '';
for (const [method, level] of [
  ['log', 'INFO'],
  ['info', 'INFO'],
  ['warn', 'WARN'],
  ['error', 'ERROR'],
  ['debug', 'DEBUG'],
  ['trace', 'TRACE'],
]) {
  const stream = level === 'ERROR' || level === 'WARN' ? process.stderr : process.stdout;
  console[method] = (...args) =>
    stream.write(`${new RealDate(now()).toISOString()}\t${requestId || 'undefined'}\t${level}\t${format(...args)}\n`);
}

const errorPayload = (error) => ({
  errorType: (error && error.name) || 'Error',
  errorMessage: (error && error.message) || String(error),
  trace: String((error && error.stack) || '').split('\n'),
});

let handler;
let current;

// The Lambda service gone (the test process ended or was killed): the environment goes too.
process.on('disconnect', () => process.exit(0));

process.on('unhandledRejection', (reason) => {
  console.error('Unhandled Promise Rejection', JSON.stringify(errorPayload(reason)));
  if (current)
    process.send({ type: 'error', id: current, error: { ...errorPayload(reason), errorType: 'Runtime.UnhandledPromiseRejection' } });
  process.exit(128);
});

function init() {
  const [moduleName, handlerName] = process.env._HANDLER.split('.');
  const loaded = require(path.join(process.env.LAMBDA_TASK_ROOT, moduleName));
  handler = loaded[handlerName];
  if (typeof handler !== 'function')
    throw Object.assign(new Error(`${process.env._HANDLER} is undefined or not exported`), { name: 'Runtime.HandlerNotFound' });
}

process.on('message', async (message) => {
  offsetMs = message.clockOffsetMs;
  if (message.type === 'init') {
    const started = RealDate.now();
    try {
      init();
      process.send({ type: 'ready', initMs: RealDate.now() - started, nodeVersion: process.version, arch: process.arch });
    } catch (error) {
      console.error('Init Error', JSON.stringify(errorPayload(error)));
      process.send({ type: 'init-error', error: errorPayload(error) });
    }
    return;
  }
  if (message.type !== 'invoke') return;
  current = message.id;
  requestId = message.context.awsRequestId;
  process.env._X_AMZN_TRACE_ID = message.traceId;
  const deadline = RealDate.now() + message.timeoutMs;
  const context = {
    ...message.context,
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, deadline - RealDate.now()),
  };
  try {
    const result = await handler(message.event, context);
    // The runtime answers with JSON: what does not survive JSON.stringify does not reach the caller.
    process.send({ type: 'result', id: message.id, result: result === undefined ? null : JSON.parse(JSON.stringify(result)) });
  } catch (error) {
    console.error('Invoke Error', JSON.stringify(errorPayload(error)));
    process.send({ type: 'error', id: message.id, error: errorPayload(error) });
  } finally {
    current = undefined;
    requestId = '';
  }
});
