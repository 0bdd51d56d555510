import type { PluginServices } from './services.js';

/**
 * Plugin services for unit tests: the services a test names, and for any other an error naming it, so
 * a test that reaches a service it did not provide fails saying which.
 */
export function stubServices(provided: { [K in keyof PluginServices]?: unknown } = {}): PluginServices {
  const target: Record<string, unknown> = { ...provided };
  const stub = new Proxy(target, {
    get(object, name) {
      if (typeof name !== 'string' || name in object) return Reflect.get(object, name);
      // Spreading or awaiting a stub probes these; they are not services.
      if (name === 'then' || name === 'toJSON') return undefined;
      throw new Error(`The test did not provide the '${name}' service`);
    },
  });
  // The stub stands in for the whole interface; a service it lacks throws when it is used.
  return stub as unknown as PluginServices;
}
