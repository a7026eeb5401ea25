// workerd's AsyncLocalStorage (compatibility flag nodejs_als): the one Node module the Worker uses,
// declared here rather than pulling Node's whole type library into the Worker's types.
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
