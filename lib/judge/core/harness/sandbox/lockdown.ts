import { type Bag, H, call, push } from "./intrinsics";

/**
 * Freezes globalThis, every global value, the prototypes of constructors, and the intrinsics that
 * no global names (iterator, generator and async prototypes). Methods themselves are left alone:
 * adding a property to a built-in function changes nothing a test does with it, and walking every
 * method would cost more than the rest of the judge. The harness calls it last, so learner code can
 * neither pollute a prototype the tests rely on nor swap a global they call.
 */
export function lockdown(): void {
  const seen = new H.Set<object>();
  const list: object[] = [];
  const add = (item: unknown) => {
    if ((typeof item !== "object" && typeof item !== "function") || item === null) return;
    if (call(H.setHas, seen, item)) return;
    call(H.setAdd, seen, item);
    push(list, item);
  };
  const hidden = [
    function* () {},
    async function () {},
    async function* () {},
    [][Symbol.iterator](),
    new Map().entries(),
    new Set().values(),
    ""[Symbol.iterator](),
    "a".matchAll(/a/g),
    (function* () {})(),
    (async function* () {})(),
    new Uint8Array(0),
  ];
  const globals = H.ownKeys(globalThis);
  for (let i = 0; i < globals.length; i++) {
    const d = H.getOwnPropertyDescriptor(globalThis, globals[i]!);
    if (d && "value" in d) add(d.value);
  }
  for (let i = 0; i < hidden.length; i++) add(hidden[i]);
  // Prototype chains and constructors' prototype objects; list grows while we walk it.
  for (let i = 0; i < list.length; i++) {
    const item = list[i]!;
    add(H.getPrototypeOf(item));
    if (typeof item === "function") {
      const d = H.getOwnPropertyDescriptor(item, "prototype");
      if (d && "value" in d) add(d.value);
    }
  }
  tameOverrides(Object.prototype);
  tameOverrides(Function.prototype);
  for (let i = 0; i < globals.length; i++) {
    const value = (globalThis as Bag)[globals[i]!];
    if (typeof value === "function" && value.prototype instanceof H.Error) {
      tameOverrides(value.prototype as object);
    }
  }
  tameOverrides(H.Error.prototype);
  for (let i = 0; i < list.length; i++) H.freeze(list[i]);
  H.freeze(globalThis);
}

// Freezing a prototype makes its data properties read-only for every object that inherits them:
// "this.name = 'MyError'" in an Error subclass would throw. The few that are commonly assigned (on
// Object, Function and the Error prototypes) become accessors that define the property on the
// instance instead, as SES does. Class fields and methods are defined, not assigned: unaffected.
const overridable = ["name", "message", "constructor", "toString", "valueOf", "toJSON"];
function tameOverrides(object: object): void {
  for (let i = 0; i < overridable.length; i++) {
    const key = overridable[i]!;
    const d = H.getOwnPropertyDescriptor(object, key);
    if (d === undefined || !("value" in d) || !d.writable || !d.configurable) continue;
    const value: unknown = d.value;
    H.defineProperty(object, key, {
      get() {
        return value;
      },
      set(next: unknown) {
        if (this === object)
          throw new TypeError("a built-in cannot be changed in the judge: " + key);
        H.defineProperty(this, key, {
          value: next,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      },
      enumerable: d.enumerable,
      configurable: false,
    });
  }
}
