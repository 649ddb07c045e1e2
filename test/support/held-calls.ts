import type { MockInstance } from 'vitest';

type AsyncMethod = (...args: never[]) => Promise<unknown>;
type AsyncMethodName<T> = { [K in keyof T]: T[K] extends AsyncMethod ? K : never }[keyof T] & string;

/** Calls of a method held back until released, then run as they would have been. */
export interface HeldCalls {
  calls: MockInstance;
  release(): void;
  /** Released, and the method is itself again. */
  restore(): void;
}

/** Holds every call of an instance's async method (a service's read, say) until `release()`. */
export function holdCalls<T extends object>(instance: T, method: AsyncMethodName<T>): HeldCalls {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const original = instance[method] as AsyncMethod;
  const calls = vi.spyOn(instance as Record<string, AsyncMethod>, method).mockImplementation(async (...args: never[]) => {
    await released;
    return original.apply(instance, args);
  });
  return {
    calls,
    release,
    restore: () => {
      release();
      calls.mockRestore();
    },
  };
}
