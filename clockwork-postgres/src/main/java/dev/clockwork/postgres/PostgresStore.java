package dev.clockwork.postgres;

import com.zaxxer.hikari.HikariDataSource;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.postgres.internal.ArmedTimers;
import dev.clockwork.postgres.internal.Broadcasts;
import dev.clockwork.postgres.internal.Claims;
import dev.clockwork.postgres.internal.Commits;
import dev.clockwork.postgres.internal.DatabaseClock;
import dev.clockwork.postgres.internal.DueWork;
import dev.clockwork.postgres.internal.Enqueues;
import dev.clockwork.postgres.internal.EventStatuses;
import dev.clockwork.postgres.internal.ExpiredLeases;
import dev.clockwork.postgres.internal.IdempotencyKeys;
import dev.clockwork.postgres.internal.InstanceHistory;
import dev.clockwork.postgres.internal.InstanceRows;
import dev.clockwork.postgres.internal.InstanceSearch;
import dev.clockwork.postgres.internal.Jdbc;
import dev.clockwork.postgres.internal.Leases;
import dev.clockwork.postgres.internal.OperatorActions;
import dev.clockwork.postgres.internal.QueueActivityRows;
import dev.clockwork.postgres.internal.QueueOperations;
import dev.clockwork.postgres.internal.QueueRows;
import dev.clockwork.postgres.internal.RegionJobs;
import dev.clockwork.postgres.internal.WorkSignal;
import dev.clockwork.postgres.schema.ClockworkMigrations;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.ExpiredLease;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.IdempotencyRecord;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.QueueActivity;
import dev.clockwork.runtime.store.QueueStats;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.TimerView;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
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
 * <p>Its tables ({@code cw_*}) are created and upgraded on construction by {@link
 * ClockworkMigrations}, unless {@link Builder#migrate(boolean) told not to}. Connections must use
 * READ COMMITTED (PostgreSQL's default). One connection stays open to listen for work while an
 * engine's workers wait. The pool the store opens for a URL bounds lock waits, stalled transactions
 * and reads from a connection gone silent ({@link Builder#lockTimeout}, {@link
 * Builder#idleInTransactionTimeout}, {@link Builder#socketTimeout}); an application's DataSource
 * should set {@code lock_timeout}, {@code idle_in_transaction_session_timeout} and pgjdbc's {@code
 * socketTimeout} itself.
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
  private final InstanceRows instances;
  private final InstanceSearch search;
  private final InstanceHistory history;
  private final Enqueues enqueues;
  private final QueueRows queue;
  private final Claims claims;
  private final Leases leases;
  private final Commits commits;
  private final Broadcasts broadcasts;
  private final EventStatuses statuses;
  private final DueWork due;
  private final ArmedTimers timers;
  private final QueueOperations operations;
  private final QueueActivityRows activity;
  private final IdempotencyKeys keys;
  private final RegionJobs jobs;
  private final WorkSignal signal;
  private final DatabaseClock clock;
  private final OperatorActions operatorLog;
  private final ExpiredLeases expiredLeases;

  private PostgresStore(DataSource dataSource, HikariDataSource ownPool, String where) {
    this.dataSource = dataSource;
    this.ownPool = ownPool;
    Jdbc jdbc = new Jdbc(dataSource, where);
    this.instances = new InstanceRows(jdbc);
    this.search = new InstanceSearch(jdbc);
    this.history = new InstanceHistory(jdbc);
    this.enqueues = new Enqueues(jdbc);
    this.queue = new QueueRows(jdbc);
    this.claims = new Claims(jdbc);
    this.leases = new Leases(jdbc);
    this.commits = new Commits(jdbc);
    this.broadcasts = new Broadcasts(jdbc);
    this.statuses = new EventStatuses(jdbc);
    this.due = new DueWork(jdbc);
    this.timers = new ArmedTimers(jdbc);
    this.operations = new QueueOperations(jdbc);
    this.activity = new QueueActivityRows(jdbc);
    this.keys = new IdempotencyKeys(jdbc);
    this.jobs = new RegionJobs(jdbc);
    this.signal = new WorkSignal(dataSource);
    this.clock = new DatabaseClock(jdbc);
    this.operatorLog = new OperatorActions(jdbc);
    this.expiredLeases = new ExpiredLeases(jdbc);
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

  // ---- instances ----

  @Override
  public Optional<InstanceRecord> find(String instanceId) {
    return instances.find(instanceId);
  }

  /**
   * {@inheritDoc}
   *
   * <p>One query, reading the status column alone.
   */
  @Override
  public Map<String, InstanceStatus> statuses(Collection<String> instanceIds) {
    return instances.statuses(instanceIds);
  }

  @Override
  public Optional<InstanceRecord> findInConversation(String conversationId, String machine) {
    return instances.findInConversation(conversationId, machine);
  }

  @Override
  public List<HistoryEntry> history(String instanceId, long afterSequence, int limit) {
    return history.read(instanceId, afterSequence, limit);
  }

  @Override
  public List<String> instancesIn(String machine, String state, String afterId, int limit) {
    return instances.instancesIn(machine, state, afterId, limit);
  }

  @Override
  public List<String> instanceIds(String machine) {
    return instances.instanceIds(machine);
  }

  @Override
  public List<InstanceRecord> instances(InstanceQuery query) {
    return search.instances(query);
  }

  // ---- queues ----

  /**
   * {@inheritDoc}
   *
   * <p>The event goes into the instance row's queue head when the row can be locked at once; while
   * a claim or a commit holds it, a marker takes its place until the next claim merges it.
   */
  @Override
  public QueuedEvent enqueue(QueuedEvent event) {
    return enqueues.enqueue(event);
  }

  @Override
  public Optional<Map<String, Object>> outcome(String instanceId, String key) {
    return keys.outcome(instanceId, key);
  }

  @Override
  public Optional<IdempotencyRecord> idempotencyRecord(String instanceId, String key) {
    return keys.record(instanceId, key);
  }

  @Override
  public Optional<EventStatus> eventStatus(String instanceId, long eventId) {
    return statuses.find(instanceId, eventId);
  }

  @Override
  public List<Claim> claim(ClaimRequest request) {
    return claims.claim(request);
  }

  @Override
  public Optional<Claim> lease(String instanceId, String owner, Duration leaseTime, Instant now) {
    return leases.lease(instanceId, owner, leaseTime, now);
  }

  @Override
  public Optional<Lease> renew(Lease lease, Instant newExpiry) {
    return leases.renew(lease, newExpiry);
  }

  @Override
  public void release(Lease lease) {
    leases.release(lease);
  }

  @Override
  public CommitResult commit(List<StepCommit> batch) {
    return commits.commit(batch);
  }

  @Override
  public int deliverBroadcasts(Instant now, int pageSize) {
    return broadcasts.deliver(now, pageSize);
  }

  @Override
  public long pendingEvents(String instanceId) {
    return queue.pendingEvents(instanceId);
  }

  @Override
  public long pendingEvents() {
    return queue.pendingEvents();
  }

  @Override
  public boolean pendingAbove(long threshold) {
    return queue.pendingAbove(threshold);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Rounded up to the microsecond: a clock moved to it finds the work due.
   */
  @Override
  public Optional<Instant> nextDue(Instant now, Set<String> machines, Set<String> queues) {
    return due.nextDue(now, machines, queues);
  }

  @Override
  public void awaitWork(Duration max) throws InterruptedException {
    signal.await(max);
  }

  /** {@inheritDoc} PostgreSQL's {@code clock_timestamp()}. */
  @Override
  public Optional<Instant> sharedTime() {
    return Optional.of(clock.now());
  }

  // ---- operating the queues ----

  @Override
  public QueueStats queueStats(String machine, Instant now) {
    return operations.stats(machine, now);
  }

  @Override
  public List<String> machines() {
    return operations.machines();
  }

  @Override
  public void pause(String machine) {
    operations.setPaused(machine, true, null);
  }

  @Override
  public void resume(String machine) {
    operations.setPaused(machine, false, null);
  }

  @Override
  public boolean isPaused(String machine) {
    return operations.isPaused(machine);
  }

  @Override
  public Optional<DeadLetter> deadLetter(long id) {
    return operations.deadLetter(id);
  }

  @Override
  public List<DeadLetter> deadLetters(String machine, long afterId, int limit) {
    return operations.deadLetters(machine, afterId, limit);
  }

  @Override
  public Optional<QueuedEvent> retryDeadLetter(long id, Instant availableAt) {
    return operations.retry(id, availableAt);
  }

  @Override
  public int purgeDeadLetters(String machine, Instant olderThan) {
    return operations.purgeDeadLetters(machine, olderThan);
  }

  @Override
  public int purgePending(String machine, Instant olderThan, Instant now) {
    return operations.purgePending(machine, olderThan, now);
  }

  /**
   * {@inheritDoc} Reads the machine's queued events through {@code cw_queue_machine} and keeps the
   * top {@code limit}: for an operator's look, not for a hot path.
   */
  @Override
  public List<QueuedEvent> queuedEvents(String machine, int limit) {
    return operations.queued(machine, limit);
  }

  // ---- queue activity ----

  @Override
  public void recordActivity(List<ActivitySample> samples) {
    activity.record(samples);
  }

  @Override
  public QueueActivity activity(String machine, Instant from, Instant to) {
    return activity.sum(machine, from, to);
  }

  @Override
  public int purgeActivity(Instant before) {
    return activity.purge(before);
  }

  // ---- parallel dispatch: region jobs ----

  /**
   * {@inheritDoc}
   *
   * <p>With {@code FOR UPDATE SKIP LOCKED}: concurrent claimers never wait for each other and never
   * lease one job twice.
   */
  @Override
  public List<JobClaim> claimJobs(
      String owner,
      Set<String> queues,
      Set<String> machines,
      int max,
      Duration leaseTime,
      Instant now) {
    return jobs.claim(owner, queues, machines, max, leaseTime, now);
  }

  @Override
  public Optional<JobClaim> claimJob(
      String instanceId, long jobId, String owner, Duration leaseTime, Instant now) {
    return jobs.claimOne(instanceId, jobId, owner, leaseTime, now);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Rounded up to the microsecond: a clock moved to it finds the job available.
   */
  @Override
  public Optional<Instant> nextJobDue(Set<String> queues, Set<String> machines, Instant now) {
    return jobs.nextDue(queues, machines, now);
  }

  @Override
  public List<RegionJob> regionJobs(String instanceId) {
    return jobs.list(instanceId);
  }

  @Override
  public boolean retryJob(JobLease lease, int attempts, String error, Instant availableAt) {
    return jobs.retry(lease, attempts, error, availableAt);
  }

  @Override
  public boolean dropJob(JobLease lease) {
    return jobs.drop(lease);
  }

  // ---- timers ----

  @Override
  public List<ExpiredLease> expiredLeases(Instant now, int limit) {
    return expiredLeases.at(now, limit);
  }

  @Override
  public OperatorAction appendOperatorAction(OperatorAction action) {
    return operatorLog.append(action);
  }

  @Override
  public List<OperatorAction> operatorActions(long beforeId, int limit) {
    return operatorLog.latest(beforeId, limit);
  }

  @Override
  public List<TimerView> armedTimers(String machine, String statePrefix, int limit) {
    return timers.armed(machine, statePrefix, limit);
  }

  /** Stops listening for work and closes the connection pool if the store opened it. */
  @Override
  public void close() {
    signal.close();
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
