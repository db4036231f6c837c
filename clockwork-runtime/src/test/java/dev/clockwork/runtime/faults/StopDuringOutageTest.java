package dev.clockwork.runtime.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.health.HealthLevel;
import dev.clockwork.runtime.health.StoreHealth;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.QueueAdminStore;
import dev.clockwork.runtime.store.QueueStats;
import dev.clockwork.runtime.store.StoreFailedException;
import dev.clockwork.runtime.store.WorkStore;
import dev.clockwork.runtime.store.forwarding.ForwardingQueueAdminStore;
import dev.clockwork.runtime.store.forwarding.ForwardingStore;
import dev.clockwork.runtime.store.forwarding.ForwardingWorkStore;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * An engine whose store stopped answering stops without calling it: each call would wait out the
 * connection pool's timeout (30 s with HikariCP's default) — a `clockwork dev` whose database was
 * gone took minutes to stop on Ctrl-C.
 */
class StopDuringOutageTest {
  private final InMemoryStore memory = new InMemoryStore();
  private final AtomicBoolean down = new AtomicBoolean();
  private final AtomicInteger statsWhileDown = new AtomicInteger();

  private final ForwardingStore store =
      new ForwardingStore(memory) {
        @Override
        public WorkStore work() {
          return new ForwardingWorkStore(memory.work()) {
            @Override
            public List<Claim> claim(ClaimRequest request) {
              if (down.get()) {
                throw new StoreFailedException(
                    "could not claim instances", "the database cannot be reached", "08006", null);
              }
              return super.claim(request);
            }
          };
        }

        @Override
        public QueueAdminStore queueAdmin() {
          return new ForwardingQueueAdminStore(memory.queueAdmin()) {
            @Override
            public QueueStats queueStats(String machine, Instant now) {
              if (down.get()) {
                statsWhileDown.incrementAndGet();
              }
              return super.queueStats(machine, now);
            }
          };
        }
      };

  @Test
  void anEngineWhoseStoreFailsStopsWithoutRecordingItsLastActivity() {
    Engine engine =
        Engine.builder()
            .store(store)
            .register(
                Machine.define("door")
                    .initial("closed")
                    .state("closed", s -> s.on("OPEN", t -> t.to("open")))
                    .state("open", s -> s.on("CLOSE", t -> t.to("closed")))
                    .build())
            .build()
            .start();
    down.set(true);
    await()
        .until(
            () ->
                engine.admin().queues().health().checks().stream()
                    .anyMatch(
                        c ->
                            c.subject().equals(StoreHealth.SUBJECT)
                                && c.level() == HealthLevel.CRITICAL));
    int before = statsWhileDown.get(); // the health report reads the stats itself

    engine.close();

    assertThat(statsWhileDown).as("store calls to record the last activity").hasValue(before);
  }
}
