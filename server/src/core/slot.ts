/**
 * Behaviour shared code needs from a domain module (a settings reader, a feature lookup…): the
 * module fills the slot at start-up through the boot list; using an empty slot is a wiring bug.
 */
export function slot<T>(what: string) {
  let value: T | null = null;
  return {
    fill(v: T): void {
      value = v;
    },
    get(): T {
      if (value === null) throw new Error(`${what}: nothing registered (the boot list in server/src/modules/index.ts registers it)`);
      return value;
    },
  };
}
