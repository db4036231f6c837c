package dev.clockwork.runtime.health;

import dev.clockwork.runtime.config.AlertThresholds;
import dev.clockwork.runtime.store.ExpiredLease;
import dev.clockwork.runtime.store.QueueStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Turns queue figures into a health report against the alert thresholds of each machine's
 * configuration (the queue seed's §11.2–11.3): pending events, dead letters and processing time,
 * each healthy, warning or critical, and stuck events (leases held past their expiry), with a
 * recommendation for anything that is not healthy.
 */
public final class QueueHealth {
  private QueueHealth() {}

  /**
   * Evaluates every machine.
   *
   * @param stats queue figures per machine
   * @param averages the average recent processing time per machine (absent: nothing measured)
   * @param thresholds each machine's alert thresholds
   */
  public static HealthReport evaluate(
      List<QueueStats> stats,
      Map<String, Duration> averages,
      Function<String, AlertThresholds> thresholds) {
    return evaluate(stats, averages, thresholds, null);
  }

  /**
   * Evaluates every machine and, when {@code stuck} is given, the stuck events: instances whose
   * lease ran out while still held (a warning for any).
   */
  public static HealthReport evaluate(
      List<QueueStats> stats,
      Map<String, Duration> averages,
      Function<String, AlertThresholds> thresholds,
      List<ExpiredLease> stuck) {
    HealthReport queues = queues(stats, averages, thresholds);
    if (stuck == null) {
      return queues;
    }
    List<HealthCheck> checks = new ArrayList<>(queues.checks());
    List<String> advice = new ArrayList<>(queues.recommendations());
    HealthLevel level = stuck.isEmpty() ? HealthLevel.HEALTHY : HealthLevel.WARNING;
    if (stuck.isEmpty()) {
      checks.add(new HealthCheck("stuck events", level, "no stuck events detected"));
    } else {
      ExpiredLease oldest = stuck.get(0);
      checks.add(
          new HealthCheck(
              "stuck events",
              level,
              stuck.size()
                  + " instance"
                  + (stuck.size() == 1 ? "" : "s")
                  + " leased past the lease timeout, the oldest "
                  + oldest.instanceId()
                  + " ("
                  + oldest.machine()
                  + ") held by "
                  + oldest.owner()
                  + " since "
                  + oldest.expiredAt()));
      advice.add(
          "Check the workers holding stuck leases (crashed or hung); a running worker takes them"
              + " over");
    }
    return new HealthReport(queues.overall().worst(level), checks, advice);
  }

  private static HealthReport queues(
      List<QueueStats> stats,
      Map<String, Duration> averages,
      Function<String, AlertThresholds> thresholds) {
    List<HealthCheck> checks = new ArrayList<>();
    List<String> advice = new ArrayList<>();
    HealthLevel overall = HealthLevel.HEALTHY;
    for (QueueStats machine : stats) {
      AlertThresholds limits = thresholds.apply(machine.machine());
      HealthLevel pending =
          level(machine.pending(), limits.pendingWarning(), limits.pendingCritical());
      checks.add(
          new HealthCheck(
              machine.machine() + " queue",
              pending,
              machine.pending()
                  + " pending, "
                  + compare(
                      machine.pending(), pending, limits.pendingWarning(), limits.pendingCritical())
                  + (machine.paused() ? ", PAUSED" : "")));
      if (pending != HealthLevel.HEALTHY) {
        advice.add(
            machine.paused()
                ? "Resume the " + machine.machine() + " queue (it is paused)"
                : "Consider increasing " + machine.machine() + " concurrency");
      }
      HealthLevel dead = level(machine.deadLetters(), limits.dlqWarning(), limits.dlqCritical());
      checks.add(
          new HealthCheck(
              machine.machine() + " dead letters",
              dead,
              machine.deadLetters()
                  + " events, "
                  + compare(
                      machine.deadLetters(), dead, limits.dlqWarning(), limits.dlqCritical())));
      if (machine.deadLetters() > 0) {
        advice.add(
            "Review "
                + machine.deadLetters()
                + " event"
                + (machine.deadLetters() == 1 ? "" : "s")
                + " in the "
                + machine.machine()
                + " dead letter queue");
      }
      HealthLevel slow = HealthLevel.HEALTHY;
      Duration time = averages.get(machine.machine());
      if (time != null) {
        slow =
            time.compareTo(limits.processingTimeCritical()) >= 0
                ? HealthLevel.CRITICAL
                : time.compareTo(limits.processingTimeWarning()) >= 0
                    ? HealthLevel.WARNING
                    : HealthLevel.HEALTHY;
        checks.add(
            new HealthCheck(
                machine.machine() + " processing time",
                slow,
                "average "
                    + time.toMillis()
                    + " ms, warning at "
                    + limits.processingTimeWarning().toMillis()
                    + " ms"));
        if (slow != HealthLevel.HEALTHY) {
          advice.add("Look into slow actions of " + machine.machine() + " (or raise its timeout)");
        }
      }
      overall = overall.worst(pending).worst(dead).worst(slow);
    }
    return new HealthReport(overall, checks, advice);
  }

  private static HealthLevel level(long value, long warning, long critical) {
    if (value >= critical) {
      return HealthLevel.CRITICAL;
    }
    return value >= warning ? HealthLevel.WARNING : HealthLevel.HEALTHY;
  }

  private static String compare(long value, HealthLevel level, long warning, long critical) {
    return switch (level) {
      case HEALTHY -> "< " + warning + " threshold";
      case WARNING -> ">= " + warning + " threshold";
      case CRITICAL -> ">= " + critical + " critical threshold";
    };
  }
}
