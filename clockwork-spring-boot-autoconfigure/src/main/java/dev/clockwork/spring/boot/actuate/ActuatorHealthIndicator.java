package dev.clockwork.spring.boot.actuate;

import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.health.HealthReport;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * The queues' health on Spring Boot 3.x's health API ({@code org.springframework.boot.actuate
 * .health}): pending events, dead letters and processing time against each machine's alert
 * thresholds ({@code clockwork.queue.alerts.*}).
 */
public class ActuatorHealthIndicator extends AbstractHealthIndicator {
  private final QueueAdmin queues;
  private final String store;

  public ActuatorHealthIndicator(QueueAdmin queues) {
    this(queues, null);
  }

  /** With the store's line ({@code memory (not durable)}, {@code postgres}) in the details. */
  public ActuatorHealthIndicator(QueueAdmin queues, String store) {
    super("Clockwork queue health check failed");
    this.queues = queues;
    this.store = store;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    HealthReport report = queues.health();
    (HealthDetails.down(report) ? builder.down() : builder.up())
        .withDetails(HealthDetails.of(report, store));
  }
}
