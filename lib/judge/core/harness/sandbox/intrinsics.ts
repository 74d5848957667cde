// The built-ins the harness calls, captured before any other code runs: learner code that later
// replaces Array.prototype.join or JSON.stringify changes nothing the harness does. Nothing here may
// be imported lazily: this module is evaluated first (judge-internal.ts imports it before all else).
export const H = {
  freeze: Object.freeze,
  keys: Object.keys,
  defineProperty: Object.defineProperty,
  getOwnPropertyDescriptor: Object.getOwnPropertyDescriptor,
  getPrototypeOf: Object.getPrototypeOf,
  ownKeys: Reflect.ownKeys,
  apply: Reflect.apply,
  construct: Reflect.construct,
  stringify: JSON.stringify,
  parse: JSON.parse,
  isArray: Array.isArray,
  isFinite: Number.isFinite,
  isInteger: Number.isInteger,
  floor: Math.floor,
  min: Math.min,
  max: Math.max,
  abs: Math.abs,
  imul: Math.imul,
  String: String,
  Number: Number,
  Error: Error,
  Promise: Promise,
  Set: Set,
  push: Array.prototype.push,
  join: Array.prototype.join,
  slice: String.prototype.slice,
  indexOf: String.prototype.indexOf,
  replace: String.prototype.replace,
  split: String.prototype.split,
  toFixed: Number.prototype.toFixed,
  hasOwn: Object.prototype.hasOwnProperty,
  setHas: Set.prototype.has,
  setAdd: Set.prototype.add,
};

export const call = <A extends unknown[], R>(fn: (...args: A) => R, self: unknown, ...args: A): R =>
  H.apply(fn, self, args);
// Safe without the captured push: lockdown() freezes Array.prototype, so no index setter can exist.
export const push = <T>(array: T[], value: T): void => {
  array[array.length] = value;
};
export const join = (array: readonly unknown[], sep: string): string => call(H.join, array, sep);
export const str = (value: unknown): string => H.String(value);

/** Any object the harness reads by name without trusting its shape (a limiter, a global). */
export type Bag = Partial<Record<PropertyKey, unknown>>;
