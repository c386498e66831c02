import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/** What a wrapper changes in a driver; every connection it is given is the inner driver's own. */
export interface DriverWrapper {
  /** Runs a query on the inner driver's connection (default: as the inner driver does). */
  executeQuery?<R>(connection: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>>;
  beginTransaction?(connection: DatabaseConnection, settings: TransactionSettings): Promise<void>;
  commitTransaction?(connection: DatabaseConnection): Promise<void>;
  rollbackTransaction?(connection: DatabaseConnection): Promise<void>;
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];
  destroy?(): Promise<void>;
}

/**
 * `inner` with its driver changed by `wrap` (called once per driver, with the inner driver). The
 * connections handed to Kysely run their queries through `wrapper.executeQuery`; everything given
 * back (release, transaction control) reaches the wrapper and the inner driver as the inner
 * driver's own connection. Adapter, query compiler and introspector stay the inner dialect's.
 */
export function wrapDialect(inner: Dialect, wrap: (driver: Driver) => DriverWrapper): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = inner.createDriver();
      const wrapper = wrap(driver);
      const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const original = (connection: DatabaseConnection) => originals.get(connection) ?? connection;
      const passOn = <A extends unknown[], R>(fn: ((connection: DatabaseConnection, ...rest: A) => R) | undefined, owner: object) =>
        fn && ((connection: DatabaseConnection, ...rest: A): R => fn.call(owner, original(connection), ...rest));
      const [begin, commit, rollback] = [
        passOn(wrapper.beginTransaction, wrapper) ?? passOn(driver.beginTransaction, driver)!,
        passOn(wrapper.commitTransaction, wrapper) ?? passOn(driver.commitTransaction, driver)!,
        passOn(wrapper.rollbackTransaction, wrapper) ?? passOn(driver.rollbackTransaction, driver)!,
      ];
      const savepoint = passOn(wrapper.savepoint, wrapper) ?? passOn(driver.savepoint, driver);
      const rollbackToSavepoint = passOn(wrapper.rollbackToSavepoint, wrapper) ?? passOn(driver.rollbackToSavepoint, driver);
      const releaseSavepoint = passOn(wrapper.releaseSavepoint, wrapper) ?? passOn(driver.releaseSavepoint, driver);
      return {
        init: () => driver.init(),
        acquireConnection: async () => {
          const connection = await driver.acquireConnection();
          const wrapped: DatabaseConnection = {
            executeQuery: wrapper.executeQuery
              ? <R>(query: CompiledQuery) => wrapper.executeQuery!<R>(connection, query)
              : (query) => connection.executeQuery(query),
            streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
          };
          originals.set(wrapped, connection);
          return wrapped;
        },
        releaseConnection: (connection) => driver.releaseConnection(original(connection)),
        beginTransaction: begin,
        commitTransaction: commit,
        rollbackTransaction: rollback,
        ...(savepoint && { savepoint }),
        ...(rollbackToSavepoint && { rollbackToSavepoint }),
        ...(releaseSavepoint && { releaseSavepoint }),
        destroy: () => (wrapper.destroy ? wrapper.destroy() : driver.destroy()),
      };
    },
  };
}
