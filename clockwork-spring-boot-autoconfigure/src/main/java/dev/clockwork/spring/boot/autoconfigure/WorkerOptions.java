package dev.clockwork.spring.boot.autoconfigure;

import dev.clockwork.runtime.config.EngineOptions;
import dev.clockwork.spring.boot.properties.WorkerProperties;

/** Applies {@code clockwork.workers.*} to the engine's options; unset values keep the defaults. */
final class WorkerOptions {
  private WorkerOptions() {}

  static void apply(WorkerProperties workers, EngineOptions.Builder options) {
    if (workers.threads() != null) {
      options.workers(workers.threads());
    }
    if (workers.owner() != null) {
      options.owner(workers.owner());
    }
    if (workers.leaseTime() != null) {
      options.leaseTime(workers.leaseTime());
    }
    if (workers.lockTimeout() != null) {
      options.lockTimeout(workers.lockTimeout());
    }
    if (workers.eventsPerClaim() != null) {
      options.eventsPerClaim(workers.eventsPerClaim());
    }
    if (workers.pollInterval() != null) {
      options.pollInterval(workers.pollInterval());
    }
    if (workers.shutdownTimeout() != null) {
      options.shutdownTimeout(workers.shutdownTimeout());
    }
    if (!workers.queues().isEmpty()) {
      options.queues(workers.queues().toArray(String[]::new));
    }
    if (workers.upgradeOnStart() != null) {
      options.upgradeOnStart(workers.upgradeOnStart());
    }
  }
}
