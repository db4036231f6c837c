package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.postgres.internal.Jdbc;
import dev.clockwork.postgres.schema.ClockworkMigrations;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.store.BufferedTrigger;
import dev.clockwork.schedule.store.DuplicateScheduleException;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.SkippedOccurrence;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Schedules in PostgreSQL: {@code cw_schedules} (one row per schedule, keyed by namespace and id),
 * {@code cw_schedule_events} (the audit stream), {@code cw_schedule_skips} and {@code
 * cw_schedule_buffer}, created by the shared {@link ClockworkMigrations}. Any number of nodes may
 * tick over one database: due schedules are claimed with {@code FOR UPDATE SKIP LOCKED} in batches,
 * and every write names the revision it read.
 *
 * <pre>{@code
 * PostgresStore store = PostgresStore.on(dataSource);
 * Engine engine = Engine.builder().store(store).register(invoiceSync).build().start();
 * Schedules schedules =
 *     Schedules.builder(engine).store(store.schedules()).build();
 * schedules.runInWorkers(Duration.ofSeconds(1));
 * }</pre>
 *
 * <p>Every instant is the engine clock's, passed in as a bind parameter. Next fire times are
 * compared rounded up to the microsecond (a tick never runs a schedule early) and kept exactly
 * beside, as are occurrences, which become instance ids; other instants are kept to the
 * microsecond. JSON numbers in settings and payloads come back by value ({@code Long}, {@code
 * Double}, {@code BigDecimal}), as in {@code PostgresStore}, whose {@code schedules()} is this
 * store on its connections.
 */
public final class PostgresScheduleStore implements ScheduleStore {
  private final Jdbc jdbc;

  private PostgresScheduleStore(DataSource dataSource) {
    this.jdbc = new Jdbc(dataSource, Where.describe(dataSource));
  }

  /** A store on the application's connections (never closed by it); migrates the schema first. */
  public static PostgresScheduleStore on(DataSource dataSource) {
    return builder().dataSource(dataSource).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public ScheduleAuditEvent create(ScheduleRecord record, ScheduleAuditEvent created) {
    return jdbc.inTransaction(
        "create schedule '" + record.scheduleId() + "'",
        connection -> {
          if (!ScheduleRows.insert(connection, record)) {
            throw new DuplicateScheduleException(record.namespace(), record.scheduleId());
          }
          return ScheduleEvents.append(connection, List.of(created), 1).get(0);
        });
  }

  @Override
  public Optional<ScheduleRecord> find(String namespace, String scheduleId) {
    return jdbc.autoCommit(
        "read schedule '" + scheduleId + "'",
        connection -> ScheduleRows.find(connection, namespace, scheduleId));
  }

  @Override
  public List<ScheduleRecord> list(
      String namespace, boolean includeDeleted, String afterScheduleId, int limit) {
    return jdbc.autoCommit(
        "list the schedules of namespace '" + namespace + "'",
        connection -> {
          try (PreparedStatement list = connection.prepareStatement(ScheduleRows.LIST)) {
            list.setString(1, namespace);
            list.setString(2, afterScheduleId == null ? "" : afterScheduleId);
            list.setBoolean(3, includeDeleted);
            list.setInt(4, limit);
            return ScheduleRows.read(list);
          }
        });
  }

  @Override
  public List<ScheduleRecord> claimDue(Instant now, int limit, String owner, Duration leaseTime) {
    return jdbc.inTransaction(
        "claim due schedules",
        connection -> ScheduleClaims.claim(connection, now, limit, owner, leaseTime));
  }

  @Override
  public boolean commit(ScheduleCommit commit) {
    String what = "write schedule '" + commit.next().scheduleId() + "'";
    return ScheduleCommits.appendsAuditOnly(commit)
        ? jdbc.autoCommit(what, connection -> ScheduleCommits.writeAuditOnly(connection, commit))
        : jdbc.inTransaction(what, connection -> ScheduleCommits.write(connection, commit));
  }

  /**
   * {@inheritDoc}
   *
   * <p>In one transaction of two round trips ({@link ScheduleBatch}), whatever their number;
   * commits naming one schedule twice are written one by one.
   */
  @Override
  public List<Boolean> commitAll(List<ScheduleCommit> commits) {
    Set<String> keys = new HashSet<>();
    for (ScheduleCommit commit : commits) {
      keys.add(commit.next().namespace() + "/" + commit.next().scheduleId());
    }
    if (commits.size() < 2 || keys.size() < commits.size()) {
      return ScheduleStore.super.commitAll(commits);
    }
    return jdbc.inTransaction(
        "write " + commits.size() + " schedules",
        connection -> ScheduleBatch.write(connection, commits));
  }

  @Override
  public void release(String namespace, String scheduleId, String owner) {
    jdbc.autoCommit(
        "release schedule '" + scheduleId + "'",
        connection -> {
          try (PreparedStatement release = connection.prepareStatement(ScheduleRows.RELEASE)) {
            release.setString(1, namespace);
            release.setString(2, scheduleId);
            release.setString(3, owner);
            return release.executeUpdate();
          }
        });
  }

  @Override
  public int purgeDeleted(Instant deletedBefore, int limit) {
    return jdbc.inTransaction(
        "purge deleted schedules",
        connection -> DeletedSchedules.purge(connection, deletedBefore, limit));
  }

  @Override
  public List<ScheduleAuditEvent> history(
      String namespace, String scheduleId, long afterSequence, int limit) {
    return jdbc.autoCommit(
        "read the history of schedule '" + scheduleId + "'",
        connection -> ScheduleEvents.page(connection, namespace, scheduleId, afterSequence, limit));
  }

  @Override
  public List<SkippedOccurrence> skipped(
      String namespace, String scheduleId, long afterSequence, int limit) {
    return jdbc.autoCommit(
        "read the skipped occurrences of schedule '" + scheduleId + "'",
        connection -> ScheduleSkips.page(connection, namespace, scheduleId, afterSequence, limit));
  }

  @Override
  public List<BufferedTrigger> buffered(String namespace, String scheduleId) {
    return jdbc.autoCommit(
        "read the buffer of schedule '" + scheduleId + "'",
        connection -> ScheduleBuffer.list(connection, namespace, scheduleId));
  }

  /**
   * {@inheritDoc}
   *
   * <p>Rounded up to the microsecond: a clock advanced to it finds the schedule due.
   */
  @Override
  public Optional<Instant> nextFireAt() {
    return jdbc.autoCommit(
        "find the next fire time",
        connection -> {
          try (PreparedStatement next = connection.prepareStatement(ScheduleRows.NEXT_FIRE);
              ResultSet rs = next.executeQuery()) {
            return rs.next() ? Optional.of(Instants.read(rs, "next_fire_at")) : Optional.empty();
          }
        });
  }

  /** Configures a {@link PostgresScheduleStore}. */
  public static final class Builder {
    private DataSource dataSource;
    private boolean migrate = true;

    private Builder() {}

    /** The connections to use (never closed by the store). */
    public Builder dataSource(DataSource connections) {
      this.dataSource = Objects.requireNonNull(connections, "dataSource");
      return this;
    }

    /** Whether to migrate the schema when built (default true). */
    public Builder migrate(boolean run) {
      this.migrate = run;
      return this;
    }

    /**
     * The store.
     *
     * @throws dev.clockwork.core.ClockworkException when the schema cannot be migrated
     */
    public PostgresScheduleStore build() {
      if (dataSource == null) {
        throw new IllegalStateException(
            "give the schedule store a DataSource: builder().dataSource(...), or"
                + " postgresStore.schedules()");
      }
      if (migrate) {
        ClockworkMigrations.migrate(dataSource);
      }
      return new PostgresScheduleStore(dataSource);
    }
  }
}
