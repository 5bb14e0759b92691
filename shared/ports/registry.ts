import type { MetricsQueue } from './metrics-queue';
import type { ObjectStorage } from './object-storage';
import type { PublishQueue } from './publish-queue';
import type { PostScheduler } from './scheduler';
import type { SecretBox } from './secret-box';
import type { WebhookQueue } from './webhook-queue';

/**
 * Where use cases find the outside services they need. This module chooses nothing: a
 * composition root wires the implementations once per runtime — shared/wiring/aws.ts, injected
 * into every Lambda bundle by lib/api-function.ts, and local/wiring.ts for `npm start` and the
 * tests. A port asked for before it is wired is a wiring mistake, and says so.
 */
export interface Ports {
  scheduler: PostScheduler;
  publishQueue: PublishQueue;
  webhookQueue: WebhookQueue;
  objectStorage: ObjectStorage;
  secretBox: SecretBox;
  metricsQueue: MetricsQueue;
}

type PortName = keyof Ports;

/** How a port is made: at most once per process, on first use (a cold start pays only for what it uses). */
export type PortProviders = { [K in PortName]: () => Ports[K] | Promise<Ports[K]> };

const providers: Partial<PortProviders> = {};
const instances = new Map<PortName, Promise<unknown>>();

/** Wires (or, for tests, rewires) implementations; the ones given replace earlier ones. */
export function wirePorts(wiring: Partial<PortProviders>): void {
  for (const name of Object.keys(wiring) as PortName[]) {
    instances.delete(name);
    Object.assign(providers, { [name]: wiring[name] });
  }
}

/** Forgets the wiring of these ports (a stopping local stack, a test's teardown). */
export function unwirePorts(...names: PortName[]): void {
  for (const name of names) {
    instances.delete(name);
    delete providers[name];
  }
}

/** The implementation wired for a port, made on first use. */
export function port<K extends PortName>(name: K): Promise<Ports[K]> {
  let instance = instances.get(name) as Promise<Ports[K]> | undefined;
  if (!instance) {
    const provide = providers[name] as (() => Ports[K] | Promise<Ports[K]>) | undefined;
    if (!provide) {
      return Promise.reject(
        new Error(`The ${name} port is not wired: Lambda bundles wire shared/wiring/aws.ts, local runs local/wiring.ts`),
      );
    }
    instance = Promise.resolve().then(provide);
    // A provider that failed (a missing setting) fails again on the next use rather than being cached.
    const made = instance;
    made.catch(() => {
      if (instances.get(name) === made) instances.delete(name);
    });
    instances.set(name, instance);
  }
  return instance;
}

export const scheduler = (): Promise<PostScheduler> => port('scheduler');
export const publishQueue = (): Promise<PublishQueue> => port('publishQueue');
export const webhookQueue = (): Promise<WebhookQueue> => port('webhookQueue');
export const objectStorage = (): Promise<ObjectStorage> => port('objectStorage');
export const secretBox = (): Promise<SecretBox> => port('secretBox');
export const metricsQueue = (): Promise<MetricsQueue> => port('metricsQueue');
