package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.RegionJob;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntConsumer;

/**
 * What {@link Commits} writes to {@code cw_region_jobs}: it locks the jobs its commits finish (with
 * the instance rows, before deciding, so no claim can take one over until the transaction ends),
 * inserts the jobs its accepted commits dispatch (and signals the region job claimers) and deletes
 * the ones they finish. One statement each, whatever the number of jobs.
 */
final class RegionJobWrites {
  /**
   * Locks the jobs being finished, in key order (so concurrent commits cannot deadlock), and reads
   * their lease tokens; a job that is gone has no row.
   */
  static final String LOCK_FINISHED =
      """
      SELECT j.id, j.lease_token
        FROM unnest(CAST(? AS text[]), CAST(? AS bigint[])) AS f(instance_id, id)
        JOIN cw_region_jobs j ON j.instance_id = f.instance_id AND j.id = f.id
       ORDER BY j.instance_id, j.id
         FOR UPDATE OF j
      """;

  /** New jobs, their ids drawn in input order. */
  private static final String INSERT =
      """
      INSERT INTO cw_region_jobs (instance_id, machine, queue, parallel_state, parallel_entry,
                                  region, initial_state, initial_entry, baseline, trigger_type,
                                  trigger_payload, attempts, last_error, created_at, available_at)
      SELECT instance_id, machine, queue, parallel_state, parallel_entry, region, initial_state,
             initial_entry, CAST(baseline AS jsonb), trigger_type, CAST(trigger_payload AS jsonb),
             attempts, last_error, CAST(created_at AS timestamptz),
             CAST(available_at AS timestamptz)
        FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS bigint[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS bigint[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS text[]), CAST(? AS int[]),
                    CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]))
             WITH ORDINALITY
             AS u(instance_id, machine, queue, parallel_state, parallel_entry, region,
                  initial_state, initial_entry, baseline, trigger_type, trigger_payload, attempts,
                  last_error, created_at, available_at, ordinality)
       ORDER BY ordinality
      """;

  /** Wakes the region job claimers when the transaction commits (its jobs are claimable then). */
  private static final String SIGNAL = "SELECT pg_notify('" + RegionJobs.CHANNEL + "', '')";

  /** Deletes the finished jobs under their lease tokens; says how many it deleted. */
  private static final String DELETE_FINISHED =
      """
      WITH finished AS (
             DELETE FROM cw_region_jobs j
              USING unnest(CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS uuid[]))
                    AS f(instance_id, id, token)
              WHERE j.instance_id = f.instance_id AND j.id = f.id AND j.lease_token = f.token
             RETURNING j.id)
      SELECT count(*) FROM finished
      """;

  private RegionJobWrites() {}

  /** Binds {@link #LOCK_FINISHED}'s parameters from {@code index + 1} on; returns the last. */
  static int bindFinished(
      Connection connection, PreparedStatement statement, int index, List<JobLease> finished)
      throws SQLException {
    statement.setArray(++index, Columns.text(connection, finished, JobLease::instanceId));
    statement.setArray(++index, Columns.int8(connection, finished, JobLease::jobId));
    return index;
  }

  /** The lease tokens {@link #LOCK_FINISHED} read, by job id (null when no lease holds it). */
  static Map<Long, UUID> tokens(ResultSet rs) throws SQLException {
    Map<Long, UUID> tokens = new HashMap<>();
    while (rs.next()) {
      tokens.put(rs.getLong("id"), rs.getObject("lease_token", UUID.class));
    }
    return tokens;
  }

  /**
   * Adds the statements that store {@code jobs} under new ids and signal {@link
   * RegionJobs#CHANNEL}.
   */
  static void insert(Pipeline pipeline, List<RegionJob> jobs) {
    if (jobs.isEmpty()) {
      return;
    }
    pipeline.add(
        INSERT,
        (connection, insert, i) -> {
          insert.setArray(++i, Columns.text(connection, jobs, RegionJob::instanceId));
          insert.setArray(++i, Columns.text(connection, jobs, RegionJob::machine));
          insert.setArray(++i, Columns.text(connection, jobs, RegionJob::queue));
          insert.setArray(++i, Columns.text(connection, jobs, RegionJob::parallelState));
          insert.setArray(++i, Columns.int8(connection, jobs, RegionJob::parallelEntry));
          insert.setArray(++i, Columns.text(connection, jobs, RegionJob::region));
          insert.setArray(++i, Columns.text(connection, jobs, RegionJob::initialState));
          insert.setArray(++i, Columns.int8(connection, jobs, RegionJob::initialEntry));
          insert.setArray(
              ++i, Columns.text(connection, jobs, job -> JsonValuesCodec.write(job.baseline())));
          insert.setArray(++i, Columns.text(connection, jobs, job -> job.trigger().type()));
          insert.setArray(
              ++i,
              Columns.text(
                  connection, jobs, job -> JsonValuesCodec.write(job.trigger().payload())));
          insert.setArray(++i, Columns.int4(connection, jobs, RegionJob::attempts));
          insert.setArray(++i, Columns.text(connection, jobs, RegionJob::lastError));
          insert.setArray(
              ++i, Columns.text(connection, jobs, job -> Instants.textNotAfter(job.createdAt())));
          insert.setArray(
              ++i,
              Columns.text(connection, jobs, job -> Instants.textNotBefore(job.availableAt())));
          return i;
        });
    pipeline.add(SIGNAL, (connection, signal, i) -> i);
  }

  /**
   * Adds the statement that deletes the jobs {@code finished} name; {@code deleted} is told how
   * many it deleted.
   */
  static void deleteFinished(Pipeline pipeline, List<JobLease> finished, IntConsumer deleted) {
    if (finished.isEmpty()) {
      return;
    }
    pipeline.add(
        DELETE_FINISHED,
        (connection, delete, i) -> {
          delete.setArray(++i, Columns.text(connection, finished, JobLease::instanceId));
          delete.setArray(++i, Columns.int8(connection, finished, JobLease::jobId));
          delete.setArray(
              ++i,
              connection.createArrayOf("uuid", finished.stream().map(JobLease::token).toArray()));
          return i;
        },
        rows -> {
          rows.next();
          deleted.accept(rows.getInt(1));
        });
  }
}
