package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.ActivityStore;
import dev.clockwork.runtime.store.QueueActivity;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/** The per-minute activity of machines ({@code cw_queue_activity}): added to, summed, purged. */
public final class QueueActivityRows implements ActivityStore {
  private static final String ADD =
      """
      INSERT INTO cw_queue_activity (machine, minute, completed, processed, processing_nanos)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (machine, minute) DO UPDATE
         SET completed = cw_queue_activity.completed + EXCLUDED.completed,
             processed = cw_queue_activity.processed + EXCLUDED.processed,
             processing_nanos = cw_queue_activity.processing_nanos + EXCLUDED.processing_nanos
      """;

  private static final String SUM =
      """
      SELECT coalesce(sum(completed), 0) AS completed,
             coalesce(sum(processed), 0) AS processed,
             coalesce(sum(processing_nanos), 0) AS nanos
        FROM cw_queue_activity
       WHERE machine = ? AND minute >= ? AND minute < ?
      """;

  private static final String PURGE = "DELETE FROM cw_queue_activity WHERE minute < ?";

  private final Jdbc jdbc;

  public QueueActivityRows(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** Adds the samples in one transaction, in key order so two engines never deadlock. */
  @Override
  public void record(List<ActivitySample> samples) {
    if (samples.isEmpty()) {
      return;
    }
    List<ActivitySample> sorted =
        samples.stream()
            .sorted(
                Comparator.comparing(ActivitySample::machine).thenComparing(ActivitySample::minute))
            .toList();
    jdbc.inTransaction(
        "record the queue activity",
        connection -> {
          try (PreparedStatement add = connection.prepareStatement(ADD)) {
            for (ActivitySample sample : sorted) {
              add.setString(1, sample.machine());
              add.setObject(2, Instants.notAfter(sample.minute()));
              add.setLong(3, sample.completed());
              add.setLong(4, sample.processed());
              add.setLong(5, sample.processingTime().toNanos());
              add.addBatch();
            }
            add.executeBatch();
          }
          return null;
        });
  }

  @Override
  public QueueActivity sum(String machine, Instant from, Instant to) {
    return jdbc.autoCommit(
        "read the queue activity of " + machine,
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(SUM)) {
            select.setString(1, machine);
            select.setObject(2, Instants.notAfter(from));
            select.setObject(3, Instants.notAfter(to));
            try (ResultSet rs = select.executeQuery()) {
              rs.next();
              return new QueueActivity(
                  machine,
                  from,
                  to,
                  rs.getLong("completed"),
                  rs.getLong("processed"),
                  Duration.ofNanos(rs.getLong("nanos")));
            }
          }
        });
  }

  @Override
  public int purge(Instant before) {
    return jdbc.autoCommit(
        "purge the queue activity",
        connection -> {
          try (PreparedStatement delete = connection.prepareStatement(PURGE)) {
            delete.setObject(1, Instants.notAfter(before));
            return delete.executeUpdate();
          }
        });
  }
}
