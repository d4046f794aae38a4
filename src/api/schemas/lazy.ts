/**
 * A zod schema built on its first use. Every custom-function recalculation loads the whole
 * bundle, and building the add-on's ~150 schemas at load was most of that load's time (issue
 * 30), though a formula answered from the cache parses nothing. The schema stands for the one
 * `build` returns: every property read, call or check reaches the built schema, which is built
 * once, on the first of them.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    if (built === undefined) built = build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = schema();
      return Reflect.get(target, key, target);
    },
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // A proxy may not report a property non-configurable unless its own (empty) target has it.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
