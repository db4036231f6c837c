package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.ActivityStore;
import dev.clockwork.runtime.store.DurationHistogram;
import dev.clockwork.runtime.store.QueueActivity;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The per-minute activity of machines ({@code cw_queue_activity}): added to (bucket counts bucket
 * by bucket, the backlog the larger), summed, read minute by minute, purged.
 */
public final class QueueActivityRows implements ActivityStore {
  private static final String ADD =
      """
      INSERT INTO cw_queue_activity (machine, minute, completed, processed, processing_nanos,
                                     dead_lettered, processing_buckets, timer_lateness_buckets,
                                     backlog)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (machine, minute) DO UPDATE
         SET completed = cw_queue_activity.completed + EXCLUDED.completed,
             processed = cw_queue_activity.processed + EXCLUDED.processed,
             processing_nanos = cw_queue_activity.processing_nanos + EXCLUDED.processing_nanos,
             dead_lettered = cw_queue_activity.dead_lettered + EXCLUDED.dead_lettered,
             processing_buckets = %s,
             timer_lateness_buckets = %s,
             backlog = greatest(cw_queue_activity.backlog, EXCLUDED.backlog)
      """
          .formatted(bucketSum("processing_buckets"), bucketSum("timer_lateness_buckets"));

  private static final String MINUTES =
      """
      SELECT minute, completed, processed, processing_nanos, dead_lettered, processing_buckets,
             timer_lateness_buckets, backlog
        FROM cw_queue_activity
       WHERE machine = ? AND minute >= ? AND minute < ?
       ORDER BY minute
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
              add.setLong(6, sample.deadLettered());
              add.setArray(7, buckets(connection, sample.processingTimes()));
              add.setArray(8, buckets(connection, sample.timerLateness()));
              add.setObject(9, sample.backlog(), Types.BIGINT);
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
  public List<ActivitySample> minutes(String machine, Instant from, Instant to) {
    return jdbc.autoCommit(
        "read the activity minutes of " + machine,
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(MINUTES)) {
            select.setString(1, machine);
            select.setObject(2, Instants.notAfter(from));
            select.setObject(3, Instants.notAfter(to));
            List<ActivitySample> minutes = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                long sampled = rs.getLong("backlog");
                Long backlog = rs.wasNull() ? null : sampled;
                minutes.add(
                    new ActivitySample(
                        machine,
                        Instants.read(rs, "minute"),
                        rs.getLong("completed"),
                        rs.getLong("processed"),
                        Duration.ofNanos(rs.getLong("processing_nanos")),
                        rs.getLong("dead_lettered"),
                        histogram(rs.getArray("processing_buckets")),
                        histogram(rs.getArray("timer_lateness_buckets")),
                        backlog));
              }
            }
            return minutes;
          }
        });
  }

  /** The stored bucket counts plus the reported ones, bucket by bucket (either may be shorter). */
  private static String bucketSum(String column) {
    return """
        (SELECT coalesce(array_agg(coalesce(a, 0) + coalesce(b, 0) ORDER BY i), '{}')
           FROM unnest(cw_queue_activity.%1$s, EXCLUDED.%1$s) WITH ORDINALITY AS t(a, b, i))"""
        .formatted(column);
  }

  private static Array buckets(Connection connection, DurationHistogram histogram)
      throws SQLException {
    if (histogram.count() == 0) {
      return connection.createArrayOf("bigint", new Long[0]);
    }
    long[] counts = histogram.counts();
    Long[] boxed = new Long[counts.length];
    for (int i = 0; i < counts.length; i++) {
      boxed[i] = counts[i];
    }
    return connection.createArrayOf("bigint", boxed);
  }

  private static DurationHistogram histogram(Array array) throws SQLException {
    Long[] stored = (Long[]) array.getArray();
    long[] counts = new long[stored.length];
    for (int i = 0; i < stored.length; i++) {
      counts[i] = stored[i] == null ? 0 : stored[i];
    }
    return DurationHistogram.ofCounts(counts);
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
