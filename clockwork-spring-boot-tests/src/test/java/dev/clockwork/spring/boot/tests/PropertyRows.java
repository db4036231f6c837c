package dev.clockwork.spring.boot.tests;

import static dev.clockwork.spring.boot.tests.PropertyRow.dispatch;
import static dev.clockwork.spring.boot.tests.PropertyRow.of;
import static dev.clockwork.spring.boot.tests.PropertyRow.queue;
import static dev.clockwork.spring.boot.tests.PropertyRow.retention;

import dev.clockwork.runtime.config.ConfigException;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.config.ServerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Every key of {@code clockwork.yaml} the engine reads, with values chosen so that any one of them
 * can be left out and the rest still read (warnings below the default criticals, criticals above
 * the default warnings), a machine's differing from every machine's.
 */
final class PropertyRows {
  private PropertyRows() {}

  static List<PropertyRow> all() {
    List<PropertyRow> rows = new ArrayList<>();
    rows.add(of("system", "shop", s -> s.system()));
    rows.addAll(queue("name", "main", "billing-queue", q -> q.name()));
    rows.addAll(queue("strategy", "priority", "fifo", q -> q.strategy()));
    rows.addAll(queue("concurrency", "4", "2", q -> q.concurrency()));
    rows.addAll(queue("timeout", "45 seconds", "50 seconds", q -> q.timeout()));
    rows.addAll(queue("retry.max_attempts", "6", "9", q -> q.retry().maxAttempts()));
    rows.addAll(
        queue("retry.backoff", "linear", "exponential", q -> q.retry().backoff().exponential()));
    rows.addAll(
        queue(
            "retry.initial_delay",
            "2 seconds",
            "3 seconds",
            q -> q.retry().backoff().initialDelay()));
    rows.addAll(
        queue("retry.max_delay", "10 minutes", "15 minutes", q -> q.retry().backoff().maxDelay()));
    rows.addAll(queue("retry.jitter", "0.25", "0.5", q -> q.retry().backoff().jitter()));
    rows.addAll(queue("dead_letter.enabled", "false", "true", q -> q.deadLetterEnabled()));
    rows.addAll(queue("dead_letter.retention", "3 days", "4 days", q -> q.deadLetterRetention()));
    rows.addAll(queue("alerts.pending_warning", "200", "150", q -> q.alerts().pendingWarning()));
    rows.addAll(queue("alerts.pending_critical", "300", "400", q -> q.alerts().pendingCritical()));
    rows.addAll(queue("alerts.dlq_warning", "20", "15", q -> q.alerts().dlqWarning()));
    rows.addAll(queue("alerts.dlq_critical", "30", "40", q -> q.alerts().dlqCritical()));
    rows.addAll(
        queue(
            "alerts.processing_time_warning",
            "10 seconds",
            "8 seconds",
            q -> q.alerts().processingTimeWarning()));
    rows.addAll(
        queue(
            "alerts.processing_time_critical",
            "20 seconds",
            "25 seconds",
            q -> q.alerts().processingTimeCritical()));
    rows.addAll(dispatch("enabled", "true", "false", p -> p.enabled()));
    rows.addAll(dispatch("queue", "regions", "billing-regions", p -> p.queue()));
    rows.addAll(dispatch("lock_timeout", "20", "25 seconds", p -> p.lockTimeout()));
    rows.addAll(dispatch("lock_ttl", "2 minutes", "3 minutes", p -> p.lockTtl()));
    rows.addAll(dispatch("job_timeout", "PT4M", "6 minutes", p -> p.jobTimeout()));
    rows.addAll(dispatch("job_tries", "4", "5", p -> p.jobTries()));
    rows.addAll(dispatch("job_backoff", "0", "10 seconds", p -> p.jobBackoff()));
    rows.addAll(dispatch("region_timeout", "1 hour", "2 hours", p -> p.regionTimeout()));
    rows.add(of("timers.batch_size", "17", s -> s.timers().batchSize()));
    rows.add(of("timers.backpressure_threshold", "1234", s -> s.timers().backpressureThreshold()));
    rows.add(of("timers.sweep_interval", "250 milliseconds", s -> s.timers().sweepInterval()));
    rows.add(of("schedules.namespace", "billing", s -> s.scheduleNamespace()));
    workers(rows);
    retentionRows(rows);
    serverRows(rows);
    return rows;
  }

  /**
   * The {@code server} block, read by the server's own model. A token without its hash or role is
   * an error, so what a row reads when one is left out is that error's message.
   */
  private static void serverRows(List<PropertyRow> rows) {
    rows.add(of("server.host", "0.0.0.0", server(c -> c.host())));
    rows.add(of("server.port", "9090", server(c -> c.port())));
    rows.add(
        of(
            "server.tokens.ops.sha256",
            ApiToken.hash("ops-secret"),
            server(c -> c.tokens().get("ops").sha256())));
    rows.add(of("server.tokens.ops.role", "operator", server(c -> c.tokens().get("ops").role())));
    rows.add(
        new PropertyRow(
            "server.tokens.ops.namespaces",
            "billing, shipping",
            "billing,shipping",
            server(c -> c.tokens().get("ops").namespaces())));
    rows.add(of("server.limits.min_request_rate", "512", server(c -> c.limits().minRequestRate())));
    rows.add(of("server.limits.max_requests", "50", server(c -> c.limits().maxRequests())));
    rows.add(of("server.limits.queue_wait", "2 seconds", server(c -> c.limits().queueWait())));
    rows.add(of("server.limits.idle_timeout", "10 seconds", server(c -> c.limits().idleTimeout())));
  }

  private static Function<Settings, Object> server(Function<ServerConfig, Object> read) {
    return settings -> {
      try {
        return read.apply(ServerConfig.from(settings));
      } catch (ConfigException e) {
        return e.getMessage();
      }
    };
  }

  private static void retentionRows(List<PropertyRow> rows) {
    rows.addAll(retention("finished_instances", "10 days", "3 days", r -> r.finishedInstances()));
    rows.addAll(retention("history.max_age", "90 days", "60 days", r -> r.historyMaxAge()));
    rows.addAll(retention("history.max_rows", "500", "50", r -> r.historyMaxRows()));
    rows.addAll(retention("idempotency_keys", "2 days", "1 day", r -> r.idempotencyKeys()));
    rows.addAll(retention("callbacks", "12 hours", "6 hours", r -> r.callbacks()));
    rows.add(of("retention.operator_log", "30 days", s -> s.retention().operatorLog()));
    rows.add(of("retention.archive", "/var/lib/shop/archive", s -> s.retention().archive()));
    rows.add(of("retention.schedule_audit", "90 days", s -> s.retention().scheduleAudit()));
  }

  private static void workers(List<PropertyRow> rows) {
    rows.add(of("workers.threads", "3", s -> s.workers().threads()));
    rows.add(of("workers.owner", "node-a", s -> s.workers().owner()));
    rows.add(of("workers.lease_time", "45 seconds", s -> s.workers().leaseTime()));
    rows.add(of("workers.lock_timeout", "3 seconds", s -> s.workers().lockTimeout()));
    rows.add(of("workers.events_per_claim", "5", s -> s.workers().eventsPerClaim()));
    rows.add(of("workers.poll_interval", "2 seconds", s -> s.workers().pollInterval()));
    rows.add(of("workers.shutdown_timeout", "20 seconds", s -> s.workers().shutdownTimeout()));
    rows.add(of("workers.upgrade_on_start", "false", s -> s.workers().upgradeOnStart()));
    rows.add(
        new PropertyRow("workers.queues", "main, bulk", "main,bulk", s -> s.workers().queues()));
    rows.add(of("workers.region_job_threads", "2", s -> s.workers().regionJobThreads()));
    rows.add(
        new PropertyRow(
            "workers.region_job_queues",
            "regions, slow",
            "regions,slow",
            s -> s.workers().regionJobQueues()));
    rows.add(of("workers.align_clock_with_store", "false", s -> s.workers().alignClockWithStore()));
    rows.add(of("workers.retention_interval", "5 minutes", s -> s.workers().retentionInterval()));
  }
}
