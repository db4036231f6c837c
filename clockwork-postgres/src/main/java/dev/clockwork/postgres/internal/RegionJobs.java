package dev.clockwork.postgres.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.RegionJobStore;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Region jobs (parallel dispatch) in {@code cw_region_jobs}, outside commits: claims, retries,
 * drops and reads. Commits insert and finish jobs through {@link RegionJobWrites}. A job's lease is
 * valid while its token is the stored one, as an instance's is: every write here is fenced by it,
 * and a claim replaces it.
 */
public final class RegionJobs implements RegionJobStore {
  /** The channel a job stored or given back is signalled on: the region job claimers listen. */
  public static final String CHANNEL = "clockwork_jobs";

  /** The columns {@link #job} reads. */
  static final String COLUMNS =
      """
      instance_id, id, machine, queue, parallel_state, parallel_entry, region, initial_state,
      initial_entry, baseline, trigger_type, trigger_payload, attempts, last_error, created_at,
      available_at
      """;

  /**
   * Leases the jobs of {@code %s} (the ready jobs, locked, skipping those another transaction
   * holds) with a new token each, counting an attempt, and moves their availability to the lease's
   * expiry ({@code %s}: the lease's expiry and availability, of the job's own machine). The update
   * finds them by primary key (ids are unique; the instance ids let the key's index serve), not by
   * a join a generic plan may turn into a scan of the table; the ready rows' availability before
   * the claim comes back as {@code ready_at}, to order the claims by.
   */
  private static final String LEASE =
      """
      WITH ready AS (%s),
           leased AS (
             UPDATE cw_region_jobs j
                SET lease_owner = ?, lease_token = gen_random_uuid(),
                    (lease_expires_at, available_at) = %s, attempts = j.attempts + 1
              WHERE j.instance_id = ANY (ARRAY(SELECT instance_id FROM ready))
                AND j.id = ANY (ARRAY(SELECT id FROM ready))
             RETURNING j.lease_token, %s)
      SELECT leased.*, ready.available_at AS ready_at
        FROM leased JOIN ready ON ready.instance_id = leased.instance_id AND ready.id = leased.id
      """;

  /** One expiry for the job {@link #CLAIM_ONE} leases. */
  private static final String ONE_EXPIRY = "(CAST(? AS timestamptz), CAST(? AS timestamptz))";

  /** The expiry of the job's own machine, from the claim's machines and their expiries. */
  private static final String MACHINE_EXPIRY =
      """
      (SELECT e.expires_at, e.expires_at
         FROM (SELECT u.machine, CAST(u.expires_at AS timestamptz) AS expires_at
                 FROM unnest(CAST(? AS text[]), CAST(? AS text[])) AS u(machine, expires_at)) AS e
        WHERE e.machine = j.machine)""";

  /** Ready jobs of every queue: a range scan of {@code cw_region_jobs_available}. */
  private static final String READY_ANY_QUEUE =
      """
      SELECT instance_id, id, available_at
        FROM cw_region_jobs
       WHERE available_at <= ? AND (lease_expires_at IS NULL OR lease_expires_at <= ?)
         AND machine = ANY(CAST(? AS text[]))
       ORDER BY available_at, id
       LIMIT ?
         FOR UPDATE SKIP LOCKED
      """;

  /**
   * Ready jobs of some queues: per queue, a range scan of {@code cw_region_jobs_queue_available}
   * locking no more than the claim can take, then the longest available across queues (the rows
   * locked and not taken are unlocked when the statement ends).
   */
  private static final String READY_IN_QUEUES =
      """
      SELECT r.instance_id, r.id, r.available_at
        FROM unnest(CAST(? AS text[])) AS q(name)
       CROSS JOIN LATERAL (
             SELECT instance_id, id, available_at
               FROM cw_region_jobs
              WHERE queue_name = q.name AND available_at <= ?
                AND (lease_expires_at IS NULL OR lease_expires_at <= ?)
                AND machine = ANY(CAST(? AS text[]))
              ORDER BY available_at, id
              LIMIT ?
                FOR UPDATE SKIP LOCKED) AS r
       ORDER BY r.available_at, r.id
       LIMIT ?
      """;

  /** One job by its key, when it is ready. */
  private static final String READY_ONE =
      """
      SELECT instance_id, id, available_at
        FROM cw_region_jobs
       WHERE instance_id = ? AND id = ? AND available_at <= ?
         AND (lease_expires_at IS NULL OR lease_expires_at <= ?)
         FOR UPDATE SKIP LOCKED
      """;

  static final String CLAIM_ONE = LEASE.formatted(READY_ONE, ONE_EXPIRY, prefixed(COLUMNS));

  static final String CLAIM_ANY_QUEUE =
      LEASE.formatted(READY_ANY_QUEUE, MACHINE_EXPIRY, prefixed(COLUMNS));
  static final String CLAIM_IN_QUEUES =
      LEASE.formatted(READY_IN_QUEUES, MACHINE_EXPIRY, prefixed(COLUMNS));

  static final String NEXT_DUE_ANY_QUEUE =
      """
      SELECT available_at
        FROM cw_region_jobs
       WHERE CAST(? AS text[]) IS NULL OR machine = ANY(CAST(? AS text[]))
       ORDER BY available_at, id
       LIMIT 1
      """;

  static final String NEXT_DUE_IN_QUEUES =
      """
      SELECT min(d.available_at) AS available_at
        FROM unnest(CAST(? AS text[])) AS q(name)
       CROSS JOIN LATERAL (
             SELECT available_at
               FROM cw_region_jobs
              WHERE queue_name = q.name
                AND (CAST(? AS text[]) IS NULL OR machine = ANY(CAST(? AS text[])))
              ORDER BY available_at, id
              LIMIT 1) AS d
      """;

  private static final String LIST_ALL = "SELECT " + COLUMNS + " FROM cw_region_jobs ORDER BY id";

  private static final String LIST_ONE =
      "SELECT " + COLUMNS + " FROM cw_region_jobs WHERE instance_id = ? ORDER BY id";

  /** Records a failed attempt, gives the lease up and wakes the listening region job claimers. */
  private static final String RETRY =
      """
      WITH retried AS (
             UPDATE cw_region_jobs
                SET attempts = ?, last_error = ?, available_at = ?,
                    lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
              WHERE instance_id = ? AND id = ? AND lease_token = ?
             RETURNING id)
      SELECT pg_notify(?, '') FROM retried
      """;

  private static final String DROP =
      "DELETE FROM cw_region_jobs WHERE instance_id = ? AND id = ? AND lease_token = ?";

  /** A claimed job with the availability it had before the claim moved it to the lease's end. */
  private record Ready(Instant availableAt, JobClaim claim) {}

  private static final Comparator<Ready> LONGEST_AVAILABLE_FIRST =
      Comparator.comparing(Ready::availableAt).thenComparingLong(r -> r.claim().job().id());

  private final Jdbc jdbc;
  private final WorkSignal signal;

  /**
   * @param signal the store's listening connection, on {@link #CHANNEL} among others
   */
  public RegionJobs(Jdbc jdbc, WorkSignal signal) {
    this.jdbc = jdbc;
    this.signal = signal;
  }

  private static String prefixed(String columns) {
    return "j." + String.join(", j.", columns.strip().split(",\\s*"));
  }

  /**
   * {@inheritDoc}
   *
   * <p>With {@code FOR UPDATE SKIP LOCKED}: concurrent claimers never wait for each other and never
   * lease one job twice.
   */
  @Override
  public List<JobClaim> claim(
      String owner, Set<String> queues, Map<String, Duration> leaseTimes, int max, Instant now) {
    if (max <= 0 || (queues != null && queues.isEmpty()) || leaseTimes.isEmpty()) {
      return List.of();
    }
    List<String> machines = List.copyOf(leaseTimes.keySet());
    Map<String, Instant> expiries = new HashMap<>();
    machines.forEach(m -> expiries.put(m, now.plus(leaseTimes.get(m))));
    return jdbc.autoCommit(
        "claim region jobs",
        connection -> {
          try (PreparedStatement claim =
              connection.prepareStatement(queues == null ? CLAIM_ANY_QUEUE : CLAIM_IN_QUEUES)) {
            int i = 0;
            if (queues != null) {
              claim.setArray(++i, Columns.texts(connection, queues));
            }
            claim.setObject(++i, Instants.notAfter(now));
            claim.setObject(++i, Instants.notAfter(now));
            claim.setArray(++i, Columns.texts(connection, machines));
            claim.setInt(++i, max);
            if (queues != null) {
              claim.setInt(++i, max);
            }
            claim.setString(++i, owner);
            claim.setArray(++i, Columns.texts(connection, machines));
            claim.setArray(
                ++i,
                Columns.text(connection, machines, m -> Instants.textNotBefore(expiries.get(m))));
            List<Ready> claims = new ArrayList<>();
            try (ResultSet rs = claim.executeQuery()) {
              while (rs.next()) {
                RegionJob job = job(rs);
                UUID token = rs.getObject("lease_token", UUID.class);
                Instant expiresAt = expiries.get(job.machine());
                JobLease lease = new JobLease(job.id(), job.instanceId(), owner, token, expiresAt);
                claims.add(new Ready(Instants.read(rs, "ready_at"), new JobClaim(lease, job)));
              }
            }
            claims.sort(LONGEST_AVAILABLE_FIRST);
            return claims.stream().map(Ready::claim).toList();
          }
        });
  }

  @Override
  public Optional<JobClaim> claimOne(
      String instanceId, long jobId, String owner, Duration leaseTime, Instant now) {
    Instant expiresAt = now.plus(leaseTime);
    return jdbc.autoCommit(
        "claim region job " + jobId + " of '" + instanceId + "'",
        connection -> {
          try (PreparedStatement claim = connection.prepareStatement(CLAIM_ONE)) {
            claim.setString(1, instanceId);
            claim.setLong(2, jobId);
            claim.setObject(3, Instants.notAfter(now));
            claim.setObject(4, Instants.notAfter(now));
            claim.setString(5, owner);
            claim.setObject(6, Instants.notBefore(expiresAt));
            claim.setObject(7, Instants.notBefore(expiresAt));
            try (ResultSet rs = claim.executeQuery()) {
              if (!rs.next()) {
                return Optional.empty();
              }
              RegionJob job = job(rs);
              UUID token = rs.getObject("lease_token", UUID.class);
              JobLease lease = new JobLease(job.id(), job.instanceId(), owner, token, expiresAt);
              return Optional.of(new JobClaim(lease, job));
            }
          }
        });
  }

  /**
   * {@inheritDoc}
   *
   * <p>Rounded up to the microsecond, as stored: a clock moved to it finds the job available.
   */
  @Override
  public Optional<Instant> nextDue(Set<String> queues, Set<String> machines, Instant now) {
    if ((queues != null && queues.isEmpty()) || (machines != null && machines.isEmpty())) {
      return Optional.empty();
    }
    return jdbc.autoCommit(
        "find when a region job falls due next",
        connection -> {
          try (PreparedStatement select =
              connection.prepareStatement(
                  queues == null ? NEXT_DUE_ANY_QUEUE : NEXT_DUE_IN_QUEUES)) {
            int i = 0;
            if (queues != null) {
              select.setArray(++i, Columns.texts(connection, queues));
            }
            Array known = machines == null ? null : Columns.texts(connection, machines);
            select.setArray(++i, known);
            select.setArray(++i, known);
            try (ResultSet rs = select.executeQuery()) {
              return rs.next()
                  ? Optional.ofNullable(Instants.read(rs, "available_at"))
                  : Optional.empty();
            }
          }
        });
  }

  /** {@inheritDoc} {@code LISTEN} on {@link #CHANNEL}, on the store's listening connection. */
  @Override
  public void awaitJobs(Duration max) throws InterruptedException {
    signal.await(CHANNEL, max);
  }

  /** The jobs of one instance (every instance when null), by id. */
  @Override
  public List<RegionJob> list(String instanceId) {
    return jdbc.autoCommit(
        "read region jobs",
        connection -> {
          try (PreparedStatement select =
              connection.prepareStatement(instanceId == null ? LIST_ALL : LIST_ONE)) {
            if (instanceId != null) {
              select.setString(1, instanceId);
            }
            List<RegionJob> jobs = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                jobs.add(job(rs));
              }
            }
            return jobs;
          }
        });
  }

  /** See {@code RegionJobStore.retry}. */
  @Override
  public boolean retry(JobLease lease, int attempts, String error, Instant availableAt) {
    return jdbc.autoCommit(
        "retry region job " + lease.jobId() + " of '" + lease.instanceId() + "'",
        connection -> {
          try (PreparedStatement retry = connection.prepareStatement(RETRY)) {
            retry.setInt(1, attempts);
            retry.setString(2, error);
            retry.setObject(3, Instants.notBefore(availableAt));
            retry.setString(4, lease.instanceId());
            retry.setLong(5, lease.jobId());
            retry.setObject(6, lease.token());
            retry.setString(7, CHANNEL);
            try (ResultSet rs = retry.executeQuery()) {
              return rs.next();
            }
          }
        });
  }

  /** See {@code RegionJobStore.drop}. */
  @Override
  public boolean drop(JobLease lease) {
    return jdbc.autoCommit(
        "drop region job " + lease.jobId() + " of '" + lease.instanceId() + "'",
        connection -> {
          try (PreparedStatement drop = connection.prepareStatement(DROP)) {
            drop.setString(1, lease.instanceId());
            drop.setLong(2, lease.jobId());
            drop.setObject(3, lease.token());
            return drop.executeUpdate() == 1;
          }
        });
  }

  /** The job in the current row of {@code rs} (the {@link #COLUMNS}). */
  static RegionJob job(ResultSet rs) throws SQLException {
    return new RegionJob(
        rs.getLong("id"),
        rs.getString("instance_id"),
        rs.getString("machine"),
        rs.getString("queue"),
        rs.getString("parallel_state"),
        rs.getLong("parallel_entry"),
        rs.getString("region"),
        rs.getString("initial_state"),
        rs.getLong("initial_entry"),
        JsonValuesCodec.readMap(rs.getString("baseline")),
        Event.of(
            rs.getString("trigger_type"), JsonValuesCodec.readMap(rs.getString("trigger_payload"))),
        rs.getInt("attempts"),
        Instants.read(rs, "available_at"),
        Instants.read(rs, "created_at"),
        rs.getString("last_error"));
  }
}
