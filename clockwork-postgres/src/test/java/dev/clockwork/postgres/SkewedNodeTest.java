package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A node whose clock is an hour ahead of the database's (time synchronisation down) beside a node
 * whose clock is right. Aligned with the database's clock (the default with the system clock), the
 * skewed node neither fires a timer another node armed before it is due nor takes a lease another
 * node holds; not aligned, it does both — the failure the alignment exists for.
 */
class SkewedNodeTest extends StoreFixture {
  private static final Duration SKEW = Duration.ofHours(1);
  private static final MachineDefinition REMINDER =
      Machine.define("reminder")
          .initial("waiting")
          .state(
              "waiting",
              s ->
                  s.on("RING", t -> t.to("rung").after(Timer.minutes(10)))
                      .on("POKE", t -> t.action(x -> x.set("poked", true))))
          .state("rung")
          .build();

  private PostgresStore otherNode;

  @AfterEach
  void closeOtherNode() {
    if (otherNode != null) {
      otherNode.close();
    }
  }

  private Engine rightNode() {
    return Engine.builder().store(store).register(REMINDER).build();
  }

  private Engine skewedNode(boolean aligned) {
    otherNode = newPostgresStore();
    return Engine.builder()
        .store(otherNode)
        .clock(Clock.offset(Clock.systemUTC(), SKEW))
        .settings(s -> s.workers(w -> w.alignClockWithStore(aligned)))
        .register(REMINDER)
        .settings(s -> s.workers(w -> w.owner("skewed")))
        .build();
  }

  @Test
  void anAlignedSkewedNodeDoesNotFireATimerBeforeItIsDue() {
    rightNode().create(NewInstance.of("reminder").id("r-1"));

    skewedNode(true).runDue();

    assertThat(rightNode().instances().get("r-1").states()).containsExactly("waiting");
  }

  @Test
  void anUnalignedSkewedNodeFiresItAnHourEarly() {
    rightNode().create(NewInstance.of("reminder").id("r-1"));

    skewedNode(false).runDue();

    assertThat(rightNode().instances().get("r-1").states()).containsExactly("rung");
  }

  @Test
  void anAlignedSkewedNodeDoesNotTakeALeaseAnotherNodeHolds() {
    QueuedEvent poke = holdLeaseAndPoke();

    skewedNode(true).runDue();

    assertThat(rightNode().instances().event("r-2", poke.id()).state())
        .isEqualTo(EventStatus.State.PENDING);
  }

  @Test
  void anUnalignedSkewedNodeTakesItOver() {
    QueuedEvent poke = holdLeaseAndPoke();

    skewedNode(false).runDue();

    assertThat(rightNode().instances().event("r-2", poke.id()).state())
        .isEqualTo(EventStatus.State.APPLIED);
  }

  @Test
  void theSkewedNodeRecordsHistoryOnTheDatabasesTime() {
    Engine skewed = skewedNode(true);
    Instant before = postgres.work().sharedTime().orElseThrow();

    skewed.create(NewInstance.of("reminder").id("r-3"));

    Instant created = skewed.instances().history(HistoryQuery.all("r-3")).get(0).at();
    // within the measurement's error (half a round trip, and the 20 ms tolerance), not an hour off
    Duration margin = Duration.ofSeconds(1);
    assertThat(created)
        .isBetween(before.minus(margin), postgres.work().sharedTime().orElseThrow().plus(margin));
  }

  /** The right node holds r-2's lease for five minutes; a POKE waits in its queue. */
  private QueuedEvent holdLeaseAndPoke() {
    Engine right = rightNode();
    right.create(NewInstance.of("reminder").id("r-2"));
    assertThat(
            store
                .work()
                .lease(
                    "r-2",
                    "right",
                    Duration.ofMinutes(5),
                    postgres.work().sharedTime().orElseThrow()))
        .isPresent();
    return right.enqueue("r-2", Event.of("POKE"));
  }
}
