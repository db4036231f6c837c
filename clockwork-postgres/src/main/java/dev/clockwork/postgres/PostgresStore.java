package dev.clockwork.postgres;

import com.zaxxer.hikari.HikariDataSource;
import dev.clockwork.postgres.internal.DefinitionRows;
import dev.clockwork.postgres.internal.Jdbc;
import dev.clockwork.postgres.internal.OperatorActions;
import dev.clockwork.postgres.internal.PostgresInstances;
import dev.clockwork.postgres.internal.PostgresQueue;
import dev.clockwork.postgres.internal.PostgresQueueAdmin;
import dev.clockwork.postgres.internal.PostgresWork;
import dev.clockwork.postgres.internal.QueueActivityRows;
import dev.clockwork.postgres.internal.QueueRows;
import dev.clockwork.postgres.internal.RegionJobs;
import dev.clockwork.postgres.internal.WorkSignal;
import dev.clockwork.postgres.internal.callback.PostgresCallbacks;
import dev.clockwork.postgres.internal.retention.PostgresRetention;
import dev.clockwork.postgres.schedule.PostgresScheduleStore;
import dev.clockwork.postgres.schema.ClockworkMigrations;
import dev.clockwork.runtime.store.ActivityStore;
import dev.clockwork.runtime.store.CallbackStore;
import dev.clockwork.runtime.store.DefinitionStore;
import dev.clockwork.runtime.store.InstanceStore;
import dev.clockwork.runtime.store.OperatorLogStore;
import dev.clockwork.runtime.store.QueueAdminStore;
import dev.clockwork.runtime.store.QueueStore;
import dev.clockwork.runtime.store.RegionJobStore;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.WorkStore;
import java.time.Duration;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * The production {@link Store}: instances, queues and timers in PostgreSQL (13 or later). Any
 * number of engines, in any number of processes, can share one database: they claim the instances
 * with work due (an event, a timer, a retry) with {@code FOR NO KEY UPDATE SKIP LOCKED}, fence
 * every write with their lease's token, and wake each other with {@code LISTEN/NOTIFY}. An enqueue
 * never waits for a turn in progress on its instance.
 *
 * <pre>{@code
 * try (PostgresStore store = PostgresStore.connect(url, user, password)) {
 *   Engine engine = Engine.builder().store(store).register(order).build().start();
 *   ...
 * }
 * }</pre>
 *
 * <p>It is one object per database: its roles ({@link #instances()}, {@link #work()}, ...) are
 * built once, on one pool of connections, and the engine asks for them. Its tables ({@code cw_*})
 * are created and upgraded on construction by {@link ClockworkMigrations}, unless {@link
 * Builder#migrate(boolean) told not to}. Connections must use READ COMMITTED (PostgreSQL's
 * default). One connection stays open to listen for work while an engine's workers wait. The pool
 * the store opens for a URL bounds lock waits, stalled transactions and reads from a connection
 * gone silent ({@link Builder#lockTimeout}, {@link Builder#idleInTransactionTimeout}, {@link
 * Builder#socketTimeout}); an application's DataSource should set {@code lock_timeout}, {@code
 * idle_in_transaction_session_timeout} and pgjdbc's {@code socketTimeout} itself.
 *
 * <p>Instants are kept to the microsecond, as {@code timestamptz} does; the store never decides
 * early: due, available and lease-expiry instants are rounded up, and the engine's "now" is rounded
 * down when compared with them. Snapshot instants (active states, armed timers, timer fires) are
 * kept exactly, as JSON text. JSON numbers come back by value: integers as {@code Long}, other
 * numbers as {@code Double} when exact, else {@code BigDecimal}.
 */
public final class PostgresStore implements Store, AutoCloseable {
  private final DataSource dataSource;
  private final HikariDataSource ownPool;
  private final InstanceStore instances;
  private final QueueStore queue;
  private final PostgresWork work;
  private final QueueAdminStore queueAdmin;
  private final ActivityStore activity;
  private final OperatorLogStore operatorLog;
  private final RegionJobStore regionJobs;
  private final CallbackStore callbacks;
  private final RetentionStore retention;
  private final DefinitionStore definitions;
  private final PostgresScheduleStore schedules;

  private PostgresStore(DataSource dataSource, HikariDataSource ownPool, String where) {
    this.dataSource = dataSource;
    this.ownPool = ownPool;
    Jdbc jdbc = new Jdbc(dataSource, where);
    this.instances = new PostgresInstances(jdbc);
    WorkSignal signal = new WorkSignal(dataSource, QueueRows.CHANNEL, RegionJobs.CHANNEL);
    this.queue = new PostgresQueue(jdbc, signal);
    this.work = new PostgresWork(jdbc, signal);
    this.queueAdmin = new PostgresQueueAdmin(jdbc);
    this.activity = new QueueActivityRows(jdbc);
    this.operatorLog = new OperatorActions(jdbc);
    this.regionJobs = new RegionJobs(jdbc, signal);
    this.callbacks = new PostgresCallbacks(jdbc);
    this.retention = new PostgresRetention(jdbc);
    this.definitions = new DefinitionRows(jdbc);
    this.schedules = PostgresScheduleStore.builder().dataSource(dataSource).migrate(false).build();
  }

  /** A store on its own connection pool, closed with the store; migrates the schema. */
  public static PostgresStore connect(String jdbcUrl, String user, String password) {
    return builder().url(jdbcUrl).user(user).password(password).build();
  }

  /**
   * A store on the application's DataSource (which the store never closes); migrates the schema.
   */
  public static PostgresStore on(DataSource dataSource) {
    return builder().dataSource(dataSource).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The connections the store uses. */
  public DataSource dataSource() {
    return dataSource;
  }

  @Override
  public InstanceStore instances() {
    return instances;
  }

  @Override
  public QueueStore queue() {
    return queue;
  }

  @Override
  public WorkStore work() {
    return work;
  }

  @Override
  public QueueAdminStore queueAdmin() {
    return queueAdmin;
  }

  @Override
  public ActivityStore activity() {
    return activity;
  }

  @Override
  public OperatorLogStore operatorLog() {
    return operatorLog;
  }

  @Override
  public RegionJobStore regionJobs() {
    return regionJobs;
  }

  @Override
  public CallbackStore callbacks() {
    return callbacks;
  }

  @Override
  public RetentionStore retention() {
    return retention;
  }

  @Override
  public DefinitionStore definitions() {
    return definitions;
  }

  /**
   * The schedules on this database's connections ({@code Schedules.builder(engine).store(
   * store.schedules())}): not a role the engine asks for, since schedules run beside it, but kept
   * here so one object carries every role of the database.
   */
  public PostgresScheduleStore schedules() {
    return schedules;
  }

  /** Stops listening for work and closes the connection pool if the store opened it. */
  @Override
  public void close() {
    work.close();
    if (ownPool != null) {
      ownPool.close();
    }
  }

  /** Configures a {@link PostgresStore}: a JDBC URL (the store pools it) or a DataSource. */
  public static final class Builder {
    /** Connections in a pool the store opens (one of them listens for work). */
    public static final int DEFAULT_POOL_SIZE = 10;

    /**
     * How long a statement on the store's pool waits for a row lock before it fails (PostgreSQL's
     * {@code lock_timeout}): a transaction that stalls while holding an instance's row cannot hold
     * up claims and commits for longer.
     */
    public static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(10);

    /**
     * How long a connection of the store's pool may sit idle inside a transaction before PostgreSQL
     * ends its session ({@code idle_in_transaction_session_timeout}), giving up the row locks a
     * stalled process held.
     */
    public static final Duration DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT = Duration.ofSeconds(60);

    /**
     * How long a read on a connection of the store's pool waits for the database before it fails
     * and closes the connection (pgjdbc's {@code socketTimeout}). Without it, a connection that
     * goes silent — a network partition, a half-open TCP connection, a frozen database host: no
     * reset ever comes — blocks the thread reading it forever: a worker's commits, claims and lease
     * renewals stop for good. Far longer than any statement the store runs (lock waits end after
     * {@link #DEFAULT_LOCK_TIMEOUT}); migrations run without it.
     */
    public static final Duration DEFAULT_SOCKET_TIMEOUT = Duration.ofMinutes(5);

    private String url;
    private String user;
    private String password;
    private DataSource dataSource;
    private int poolSize = DEFAULT_POOL_SIZE;
    private boolean poolSettingsGiven;
    private Duration lockTimeout = DEFAULT_LOCK_TIMEOUT;
    private Duration idleInTransactionTimeout = DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT;
    private boolean sessionSettingsGiven;
    private Duration socketTimeout = DEFAULT_SOCKET_TIMEOUT;
    private boolean socketTimeoutGiven;
    private boolean migrate = true;

    private Builder() {}

    /** A {@code jdbc:postgresql:} URL: the store opens a HikariCP pool and closes it. */
    public Builder url(String jdbcUrl) {
      this.url = Objects.requireNonNull(jdbcUrl, "jdbcUrl");
      return this;
    }

    public Builder user(String name) {
      this.user = name;
      return this;
    }

    public Builder password(String secret) {
      this.password = secret;
      return this;
    }

    /** The application's connections, used as they are and never closed by the store. */
    public Builder dataSource(DataSource connections) {
      this.dataSource = Objects.requireNonNull(connections, "dataSource");
      return this;
    }

    /** The size of the pool the store opens for a URL (default 10, at least 2). */
    public Builder poolSize(int size) {
      if (size < 2) {
        throw new IllegalArgumentException(
            "poolSize must be 2 or more (one connection listens for work), not " + size);
      }
      this.poolSize = size;
      this.poolSettingsGiven = true;
      return this;
    }

    /**
     * PostgreSQL's {@code lock_timeout} on the connections of the pool the store opens (default
     * {@link #DEFAULT_LOCK_TIMEOUT}; zero turns it off). A {@linkplain #dataSource(DataSource)
     * DataSource} of the application's keeps its own settings: set it there (for HikariCP, {@code
     * connectionInitSql = "SET lock_timeout = '10s'"}, or {@code options=-c lock_timeout=10s} in
     * the JDBC URL).
     */
    public Builder lockTimeout(Duration timeout) {
      this.lockTimeout = checkTimeout("lockTimeout", timeout);
      this.sessionSettingsGiven = true;
      return this;
    }

    /**
     * PostgreSQL's {@code idle_in_transaction_session_timeout} on the connections of the pool the
     * store opens (default {@link #DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT}; zero turns it off). A
     * DataSource of the application's keeps its own settings, as for {@link #lockTimeout}.
     */
    public Builder idleInTransactionTimeout(Duration timeout) {
      this.idleInTransactionTimeout = checkTimeout("idleInTransactionTimeout", timeout);
      this.sessionSettingsGiven = true;
      return this;
    }

    /**
     * How long a read on a connection of the pool the store opens may wait for the database
     * (default {@link #DEFAULT_SOCKET_TIMEOUT}, in whole seconds; zero turns it off); a statement
     * that runs longer fails. A {@code socketTimeout} parameter in the URL wins. A DataSource of
     * the application's keeps its own settings (for pgjdbc, {@code socketTimeout=300} in the URL).
     */
    public Builder socketTimeout(Duration timeout) {
      this.socketTimeout = checkTimeout("socketTimeout", timeout);
      this.socketTimeoutGiven = true;
      return this;
    }

    private static Duration checkTimeout(String name, Duration timeout) {
      Objects.requireNonNull(timeout, name);
      if (timeout.isNegative()) {
        throw new IllegalArgumentException(
            name + " must be zero (off) or positive, not " + timeout);
      }
      return timeout;
    }

    /** Whether to migrate the schema on construction (default true). */
    public Builder migrate(boolean run) {
      this.migrate = run;
      return this;
    }

    /**
     * Connects (and migrates).
     *
     * @throws dev.clockwork.core.ClockworkException naming the database when it cannot be reached
     *     or migrated
     */
    public PostgresStore build() {
      if ((url == null) == (dataSource == null)) {
        throw new IllegalStateException(
            "give the store either a JDBC URL (url(...)) or a DataSource (dataSource(...)), "
                + (url == null ? "not neither" : "not both"));
      }
      if (dataSource != null && (poolSettingsGiven || user != null || password != null)) {
        throw new IllegalStateException(
            "user, password and poolSize apply to the pool the store opens for a URL; a DataSource"
                + " of yours brings its own connections and credentials");
      }
      if (dataSource != null && sessionSettingsGiven) {
        throw new IllegalStateException(
            "lockTimeout and idleInTransactionTimeout apply to the pool the store opens for a URL;"
                + " set lock_timeout and idle_in_transaction_session_timeout on your DataSource");
      }
      if (dataSource != null && socketTimeoutGiven) {
        throw new IllegalStateException(
            "socketTimeout applies to the pool the store opens for a URL; set pgjdbc's"
                + " socketTimeout on your DataSource");
      }
      HikariDataSource pool =
          url != null
              ? Pools.open(
                  url,
                  user,
                  password,
                  poolSize,
                  Pools.sessionSettings(lockTimeout, idleInTransactionTimeout),
                  socketTimeout)
              : null;
      DataSource connections = pool != null ? pool : dataSource;
      String where = url != null ? Pools.redact(url) : Pools.describe(dataSource);
      try {
        if (migrate) {
          ClockworkMigrations.migrate(
              pool != null ? Pools.withoutSocketTimeout(pool) : connections);
        }
      } catch (RuntimeException e) {
        if (pool != null) {
          pool.close();
        }
        throw e;
      }
      return new PostgresStore(connections, pool, where);
    }
  }
}
