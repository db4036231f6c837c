package dev.clockwork.examples.demo;

import dev.clockwork.core.event.Event;
import dev.clockwork.examples.order.OrderMachine;
import dev.clockwork.examples.payment.PaymentRetryMachine;
import dev.clockwork.examples.subscription.SubscriptionMachine;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.TimeTravel;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs the seed's order, subscription-billing and payment-retry machines for 100 days of virtual
 * time and prints what happened, in order. Nothing waits: the clock jumps from timer to timer.
 */
public final class Demo {
  static final Instant START = Instant.parse("2026-01-01T09:00:00Z");

  private final VirtualClock clock = VirtualClock.at(START);
  private final Engine engine =
      Engine.builder()
          .clock(clock)
          .register(
              OrderMachine.definition(),
              SubscriptionMachine.definition(),
              PaymentRetryMachine.definition())
          .build();
  private final List<String> instances = new ArrayList<>();

  public static void main(String[] args) {
    long started = System.nanoTime();
    Demo demo = new Demo();
    demo.run();
    demo.print(System.out);
    System.out.printf(
        "%n100 days of virtual time, %d instances, in %d ms of real time.%n",
        demo.instances.size(), (System.nanoTime() - started) / 1_000_000);
  }

  /** The scenario: two orders, a subscription, two payments with retries. */
  void run() {
    create("order", "order-1001");
    create("order", "order-1002");
    create("subscription", "subscription-2001");
    create("payment", "payment-3001");
    create("payment", "payment-3002");
    engine.send("order-1001", Event.of("SUBMIT"));
    engine.send("order-1002", Event.of("SUBMIT"));
    advanceTo(Duration.ofHours(7));
    engine.send("payment-3002", Event.of("GATEWAY_UP"));
    advanceTo(Duration.ofDays(2));
    engine.send("order-1002", Event.of("PAY"));
    advanceTo(Duration.ofDays(95));
    engine.send("subscription-2001", Event.of("CANCEL"));
    advanceTo(Duration.ofDays(100));
  }

  /** Every history row of every instance, as a timeline ordered by time. */
  List<HistoryEntry> timeline() {
    List<HistoryEntry> rows = new ArrayList<>();
    for (String id : instances) {
      rows.addAll(engine.instances().history(HistoryQuery.all(id)));
    }
    rows.sort(
        Comparator.comparing(HistoryEntry::at)
            .thenComparing(h -> instances.indexOf(h.instanceId()))
            .thenComparingLong(HistoryEntry::sequence));
    return rows;
  }

  void print(PrintStream out) {
    out.println("Clockwork demo: three machines from the time-based-events seed on virtual time");
    out.println();
    out.printf(
        "%-16s  %-18s  %-14s  %-16s  %s%n", "virtual time", "instance", "what", "event", "now in");
    for (HistoryEntry row : timeline()) {
      out.printf(
          "%-16s  %-18s  %-14s  %-16s  %s%n",
          row.at().toString().replace('T', ' ').substring(0, 16),
          row.instanceId(),
          TimelineWords.of(row.kind()),
          row.kind() == HistoryEntry.Kind.CREATED ? "" : row.event(),
          row.states().isEmpty() ? "-" : String.join(", ", row.states()));
    }
    out.println();
    for (String id : instances) {
      var instance = engine.instances().get(id);
      out.printf(
          "%-18s  %-22s %s%n",
          id,
          String.join(", ", instance.states()) + (instance.isDone() ? " (done)" : ""),
          instance.context());
    }
  }

  private void create(String machine, String id) {
    engine.create(NewInstance.of(machine).id(id));
    instances.add(id);
  }

  /** Moves virtual time to {@code START + sinceStart}, firing every timer due on the way. */
  private void advanceTo(Duration sinceStart) {
    TimeTravel.advance(engine, clock, START.plus(sinceStart));
  }

  Engine engine() {
    return engine;
  }
}
