// The transaction of an audited API write (http/audit.ts opens it). While it is open, the database
// handle every area holds (ctx.db) answers from it: a service's own `ctx.db.transaction` becomes a
// savepoint, and the change, its audit rows and everything else the request wrote commit or roll back
// together, without passing a transaction through every service.
//
// The handle is one object for the whole process (openDatabase wraps the driver's in it), so the
// per-database caches keyed by it (change bus, prepared statements, tracking) stay one. Outside a write
// it costs a store lookup per property read: the click and postback lanes never enter a scope.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './handle';

type AfterCommit = () => Promise<void> | void;

interface WriteScope {
  /** The scoped handle the write runs on (a test process holds several databases). */
  handle: Db;
  /** The open transaction; null before it begins and once it has ended. */
  tx: Tx | null;
  afterCommit: AfterCommit[];
}

const scope = new AsyncLocalStorage<WriteScope>();

/**
 * The handle areas use: `base` itself, or the open transaction of the write running in this async
 * context. Work a request merely started (a timer, a batch writer's flush) inherits the context but
 * finds the handle plain once the request's transaction ended.
 */
export function requestScopedDb(base: Db): Db {
  const boundBase = new Map<PropertyKey, unknown>();
  const handle: Db = new Proxy(base, {
    get(target, prop) {
      const tx = openTx(handle);
      if (tx) {
        const value: unknown = Reflect.get(tx, prop, tx);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(tx) : value;
      }
      if (boundBase.has(prop)) return boundBase.get(prop);
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const bound = (value as (...a: unknown[]) => unknown).bind(target);
      boundBase.set(prop, bound);
      return bound;
    },
  });
  return handle;
}

function openTx(handle: Db): Tx | null {
  const store = scope.getStore();
  return store?.handle === handle ? store.tx : null;
}

/** True while an audited write's transaction on `handle` is open in this async context. */
export const inWriteTransaction = (handle: Db): boolean => !!openTx(handle);

/**
 * Runs `work` in one transaction on `db` (the scoped handle), `db` answering from it meanwhile; then,
 * after the commit, the callbacks `afterCommit` queued (change notices), before the caller answers.
 */
export function inWriteScope<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const store: WriteScope = { handle: db, tx: null, afterCommit: [] };
  return scope.run(store, async () => {
    const result = await db.transaction(async (tx) => {
      store.tx = tx;
      try {
        return await work(tx);
      } finally {
        store.tx = null;
      }
    });
    for (const callback of store.afterCommit.splice(0)) await callback();
    return result;
  });
}

/**
 * Runs `callback` now, or, inside an audited write, once its transaction committed: what others read
 * (another process, this process's caches) must see the change, and on PGlite a read outside the open
 * transaction would wait for it forever. A write that rolls back drops it.
 */
export async function afterCommit(handle: Db, callback: AfterCommit): Promise<void> {
  const store = scope.getStore();
  if (store?.tx && store.handle === handle) store.afterCommit.push(callback);
  else await callback();
}
