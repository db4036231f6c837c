package dev.clockwork.spring.boot.actuate;

import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.health.HealthReport;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The queues' health on Spring Boot 4's health API ({@code org.springframework.boot.health
 * .contributor}, the {@code spring-boot-health} module): the same report as {@link
 * ActuatorHealthIndicator} gives on Boot 3.
 */
public class BootHealthIndicator extends AbstractHealthIndicator {
  private final QueueAdmin queues;
  private final String store;

  public BootHealthIndicator(QueueAdmin queues) {
    this(queues, null);
  }

  /** With the store's line ({@code memory (not durable)}, {@code postgres}) in the details. */
  public BootHealthIndicator(QueueAdmin queues, String store) {
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
