/**
 * A job the pool sends to a busy worker ahead of time (decision 400) stays the pool's to take back
 * until the worker starts it: one shared word per worker holds the id of the job sent ahead, and
 * whichever side swaps that id for 0 first owns the job. The worker then never waits for the
 * server's main thread between two judges, and a job waiting behind a slow judge still goes to the
 * first worker that is free.
 */
export function createClaim(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

/** The pool's side, before posting the job: it may be claimed by `id` from now on. */
export function offerClaim(claim: SharedArrayBuffer, id: number): void {
  Atomics.store(new Int32Array(claim), 0, id);
}

/** True for the one side (worker or pool) that gets job `id`; false if the other took it. */
export function takeClaim(claim: SharedArrayBuffer, id: number): boolean {
  return Atomics.compareExchange(new Int32Array(claim), 0, id, 0) === id;
}
