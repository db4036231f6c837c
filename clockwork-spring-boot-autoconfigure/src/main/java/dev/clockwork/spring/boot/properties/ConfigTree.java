package dev.clockwork.spring.boot.properties;

import dev.clockwork.core.time.Durations;
import dev.clockwork.runtime.config.Settings;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns the bound {@code clockwork.*} properties into the engine's one settings model: a tree
 * shaped and keyed as {@code clockwork.yaml} is, read by {@link Settings#fromMap} with the file's
 * defaults, inheritance and checks, at the file's level (code set by a {@code
 * ClockworkEngineCustomizer} wins over it). Unset properties are left out of the tree.
 */
public final class ConfigTree {
  /** How errors name where the settings came from. */
  public static final String SOURCE = "clockwork.* properties";

  private ConfigTree() {}

  /** The settings the properties describe. */
  public static Settings toSettings(ClockworkProperties properties) {
    return Settings.fromMap(tree(properties), SOURCE);
  }

  static Map<String, Object> tree(ClockworkProperties p) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("system", p.system());
    root.put("queue", queue(p.queue()));
    root.put("parallel_dispatch", dispatch(p.parallelDispatch()));
    if (!p.machines().isEmpty()) {
      Map<String, Object> machines = new LinkedHashMap<>();
      p.machines()
          .forEach(
              (id, m) -> {
                Map<String, Object> machine = new LinkedHashMap<>();
                if (m != null) {
                  machine.put("queue", queue(m.queue()));
                  machine.put("parallel_dispatch", dispatch(m.parallelDispatch()));
                  machine.put("retention", retention(m.retention()));
                }
                machines.put(id, machine);
              });
      root.put("machines", machines);
    }
    if (p.timers() != null) {
      Map<String, Object> timers = new LinkedHashMap<>();
      timers.put("batch_size", p.timers().batchSize());
      timers.put("backpressure_threshold", p.timers().backpressureThreshold());
      timers.put("sweep_interval", text(p.timers().sweepInterval()));
      root.put("timers", timers);
    }
    if (p.schedules() != null && p.schedules().namespace() != null) {
      root.put("schedules", Map.of("namespace", p.schedules().namespace()));
    }
    root.put("workers", workers(p.workers()));
    root.put("retention", retention(p.retention()));
    root.put("server", server(p.server()));
    return root;
  }

  /** {@code server}, but for {@code enabled}: whether it runs is Spring's to say. */
  private static Map<String, Object> server(ServerProperties s) {
    if (s == null) {
      return null;
    }
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("host", s.host());
    server.put("port", s.port());
    if (!s.tokens().isEmpty()) {
      Map<String, Object> tokens = new LinkedHashMap<>();
      s.tokens()
          .forEach(
              (principal, t) -> {
                Map<String, Object> token = new LinkedHashMap<>();
                if (t != null) {
                  token.put("sha256", t.sha256());
                  token.put("role", t.role());
                  token.put("namespaces", list(t.namespaces()));
                }
                tokens.put(principal, token);
              });
      server.put("tokens", tokens);
    }
    if (s.limits() != null) {
      Map<String, Object> limits = new LinkedHashMap<>();
      limits.put("min_request_rate", s.limits().minRequestRate());
      limits.put("max_requests", s.limits().maxRequests());
      limits.put("queue_wait", text(s.limits().queueWait()));
      limits.put("idle_timeout", text(s.limits().idleTimeout()));
      server.put("limits", limits);
    }
    return server;
  }

  private static Map<String, Object> retention(RetentionProperties r) {
    if (r == null) {
      return null;
    }
    Map<String, Object> retention = new LinkedHashMap<>();
    retention.put("finished_instances", text(r.finishedInstances()));
    if (r.history() != null) {
      Map<String, Object> history = new LinkedHashMap<>();
      history.put("max_age", text(r.history().maxAge()));
      history.put("max_rows", r.history().maxRows());
      retention.put("history", history);
    }
    retention.put("idempotency_keys", text(r.idempotencyKeys()));
    retention.put("callbacks", text(r.callbacks()));
    retention.put("operator_log", text(r.operatorLog()));
    retention.put("archive", r.archive());
    retention.put("schedule_audit", text(r.scheduleAudit()));
    return retention;
  }

  /** {@code workers}, but for {@code auto_startup}: Spring starts the engine, not the engine. */
  private static Map<String, Object> workers(WorkerProperties w) {
    if (w == null) {
      return null;
    }
    Map<String, Object> workers = new LinkedHashMap<>();
    workers.put("threads", w.threads());
    workers.put("owner", w.owner());
    workers.put("lease_time", text(w.leaseTime()));
    workers.put("lock_timeout", text(w.lockTimeout()));
    workers.put("events_per_claim", w.eventsPerClaim());
    workers.put("poll_interval", text(w.pollInterval()));
    workers.put("shutdown_timeout", text(w.shutdownTimeout()));
    workers.put("upgrade_on_start", w.upgradeOnStart());
    workers.put("queues", list(w.queues()));
    workers.put("region_job_threads", w.regionJobThreads());
    workers.put("region_job_queues", list(w.regionJobQueues()));
    workers.put("align_clock_with_store", w.alignClockWithStore());
    workers.put("retention_interval", text(w.retentionInterval()));
    return workers;
  }

  /** A list as the file writes it ({@code a, b}); unset when empty. */
  private static String list(List<String> names) {
    return names.isEmpty() ? null : String.join(", ", names);
  }

  private static Map<String, Object> queue(QueueProperties q) {
    if (q == null) {
      return null;
    }
    Map<String, Object> queue = new LinkedHashMap<>();
    queue.put("name", q.name());
    queue.put(
        "strategy", q.strategy() == null ? null : q.strategy().name().toLowerCase(Locale.ROOT));
    queue.put("concurrency", q.concurrency());
    queue.put("timeout", text(q.timeout()));
    if (q.retry() != null) {
      Map<String, Object> retry = new LinkedHashMap<>();
      retry.put("max_attempts", q.retry().maxAttempts());
      retry.put("backoff", q.retry().backoff());
      retry.put("initial_delay", text(q.retry().initialDelay()));
      retry.put("max_delay", text(q.retry().maxDelay()));
      retry.put("jitter", q.retry().jitter());
      queue.put("retry", retry);
    }
    if (q.deadLetter() != null) {
      Map<String, Object> deadLetter = new LinkedHashMap<>();
      deadLetter.put("enabled", q.deadLetter().enabled());
      deadLetter.put("retention", text(q.deadLetter().retention()));
      queue.put("dead_letter", deadLetter);
    }
    if (q.alerts() != null) {
      QueueProperties.Alerts a = q.alerts();
      Map<String, Object> alerts = new LinkedHashMap<>();
      alerts.put("pending_warning", a.pendingWarning());
      alerts.put("pending_critical", a.pendingCritical());
      alerts.put("dlq_warning", a.dlqWarning());
      alerts.put("dlq_critical", a.dlqCritical());
      alerts.put("processing_time_warning", text(a.processingTimeWarning()));
      alerts.put("processing_time_critical", text(a.processingTimeCritical()));
      queue.put("alerts", alerts);
    }
    return queue;
  }

  private static Map<String, Object> dispatch(ParallelDispatchProperties d) {
    if (d == null) {
      return null;
    }
    Map<String, Object> dispatch = new LinkedHashMap<>();
    dispatch.put("enabled", d.enabled());
    dispatch.put("queue", d.queue());
    dispatch.put("lock_timeout", text(d.lockTimeout()));
    dispatch.put("lock_ttl", text(d.lockTtl()));
    dispatch.put("job_timeout", text(d.jobTimeout()));
    dispatch.put("job_tries", d.jobTries());
    dispatch.put("job_backoff", text(d.jobBackoff()));
    dispatch.put("region_timeout", text(d.regionTimeout()));
    return dispatch;
  }

  /** A duration as the file writes it; negative ones keep their sign so the checks refuse them. */
  private static String text(Duration duration) {
    if (duration == null) {
      return null;
    }
    return duration.isNegative() ? duration.toString() : Durations.format(duration);
  }
}
