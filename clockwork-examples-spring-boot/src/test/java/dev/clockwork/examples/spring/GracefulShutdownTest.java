package dev.clockwork.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.spring.boot.behavior.ClockworkAction;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Closing the application while a turn is in flight lets it finish, then releases every lease:
 * nothing in the database says a node still holds an instance.
 */
class GracefulShutdownTest {
  static final CountDownLatch ENTERED = new CountDownLatch(1);
  static final CountDownLatch RELEASE = new CountDownLatch(1);

  @Test
  void shutdownFinishesTheTurnInFlightAndLeavesNoLeaseHeld() throws Exception {
    TestDatabase database = EmbeddedPostgresDatabase.shared().newDatabase();
    ConfigurableApplicationContext context =
        new SpringApplicationBuilder(OrderApplication.class, SlowMachine.class)
            .run(
                "--server.port=0",
                "--spring.datasource.url=" + database.url(),
                "--spring.datasource.username=" + database.user(),
                "--spring.datasource.password=" + database.password(),
                "--clockwork.workers.poll-interval=50ms",
                "--clockwork.workers.shutdown-timeout=30s");
    Engine engine = context.getBean(Engine.class);
    String id = engine.create("slow").id();
    engine.enqueue(id, Event.of("WORK"));
    assertThat(ENTERED.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(leases(database)).isEqualTo(1L);

    Thread closing = new Thread(context::close, "closing");
    closing.start();
    await().atMost(Duration.ofSeconds(10)).until(() -> closing.getState() != Thread.State.RUNNABLE);
    RELEASE.countDown();
    closing.join(TimeUnit.SECONDS.toMillis(30));

    assertThat(closing.isAlive()).isFalse();
    assertThat(leases(database)).isEqualTo(0L);
    assertThat(database.single("SELECT count(*) FROM cw_leases WHERE instance_id = ?", id))
        .isEqualTo(0L);
    assertThat(
            database.single(
                "SELECT count(*) FROM cw_history WHERE instance_id = ? AND event = 'WORK'", id))
        .isEqualTo(1L);
  }

  private static Object leases(TestDatabase database) {
    return database.single("SELECT count(*) FROM cw_leases");
  }

  @Configuration(proxyBeanMethods = false)
  static class SlowMachine {
    @Bean
    MachineDefinition slow(Behaviors behaviors) {
      return Machine.define("slow")
          .behaviors(behaviors)
          .initial("idle")
          .state("idle", s -> s.on("WORK", t -> t.to("done").action("holdUntilReleased")))
          .finalState("done")
          .build();
    }

    @Bean
    @ClockworkAction("holdUntilReleased")
    Action hold() {
      return scope -> {
        ENTERED.countDown();
        try {
          RELEASE.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      };
    }
  }
}
