import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, type TransactionSettings } from 'kysely';
import { historyContextJson } from './history-context.js';

/**
 * PostgreSQL: hands the record history's trigger (migration 0013) who writes, as the setting
 * `tessera.history` (history-context.ts), on the connection that writes:
 * - in every transaction, as a local setting (set_config(..., true)) sent with its BEGIN in one
 *   round trip, so it ends with the transaction;
 * - before an INSERT, UPDATE or DELETE run outside a transaction, as the session's setting, one
 *   more round trip (every such write sets it, so none reads what another request left).
 * Reads outside a transaction pay nothing.
 */
export class HistoryPostgresDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}
  createDriver(): Driver {
    return new HistoryDriver(this.inner.createDriver());
  }
  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }
  createAdapter() {
    return this.inner.createAdapter();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Dialect's own signature
  createIntrospector(db: Kysely<any>) {
    return this.inner.createIntrospector(db);
  }
}

const WRITE = /^\s*(insert|update|delete|merge|with)\b/i;

/** A literal of the context's JSON for a statement sent without parameters (standard_conforming_strings is on). */
function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

class HistoryDriver implements Driver {
  /** The connections inside a transaction now. */
  private readonly inTransaction = new WeakSet<DatabaseConnection>();
  private readonly wrapped = new WeakSet<DatabaseConnection>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    if (!this.wrapped.has(connection)) {
      // The driver keeps one connection object per pooled client: wrapped once.
      this.wrapped.add(connection);
      const execute = connection.executeQuery.bind(connection);
      connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        if (!this.inTransaction.has(connection) && WRITE.test(query.sql)) {
          await execute(CompiledQuery.raw(`select set_config('tessera.history', $1, false)`, [historyContextJson()]));
        }
        return execute<R>(query);
      };
    }
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const local = `select set_config('tessera.history', ${literal(historyContextJson())}, true)`;
    if (settings.isolationLevel || settings.accessMode) {
      await this.inner.beginTransaction(connection, settings);
      await connection.executeQuery(CompiledQuery.raw(local));
    } else {
      await connection.executeQuery(CompiledQuery.raw(`begin; ${local}`));
    }
    this.inTransaction.add(connection);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(connection);
    } finally {
      this.inTransaction.delete(connection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } finally {
      this.inTransaction.delete(connection);
    }
  }

  savepoint: Driver['savepoint'] = (connection, name, compile) => this.inner.savepoint!(connection, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) => this.inner.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) => this.inner.releaseSavepoint!(connection, name, compile);

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.inTransaction.delete(connection);
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
