package dev.clockwork.bench.queues;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.QueueStrategy;
import dev.clockwork.runtime.config.SettingsBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The seed databases of the priority and poison runs, made once and shared (seeding through the
 * engine takes longer than draining): {@code h-…} healthy ledgers, each with STEP 1…n, and {@code
 * p-…} ledgers for the poison. Healthy event n of instance i is stamped in round n at place i/h;
 * the poison's events all fall in round 1, instance j's right after place (j + ½)/p, so that every
 * poisoned event is due while healthy instances still wait.
 *
 * <ul>
 *   <li>{@link #fifo()}: the healthy events enqueued through an engine with the default fifo queue
 *       (every event stored as normal); the poisoned instances have no events.
 *   <li>{@link #priority()}: the same events through an engine with {@code strategy: priority},
 *       each with a priority of its own, level (i + n) mod 5.
 *   <li>{@link #poisoned()}: a copy of the fifo seed with the POISON events added.
 * </ul>
 */
final class LedgerSeeds {
  static final String HEALTHY = "h-";
  static final String SICK = "p-";
  private static final String INSTANCES = "queues_ledgers";
  private static final String FIFO = "queues_fifo_seed";
  private static final String PRIORITY = "queues_priority_seed";
  private static final String POISONED = "queues_poisoned_seed";

  private final BenchPostgres server;
  private final QueuesCommand settings;
  private final Seeder seeder;
  private final MachineDefinition ledger =
      QueueMachines.ledger(QueueMachines.LEDGER, new Running());
  private final Map<String, String> made = new LinkedHashMap<>();

  LedgerSeeds(BenchPostgres server, QueuesCommand settings, Seeder seeder) {
    this.server = server;
    this.settings = settings;
    this.seeder = seeder;
  }

  String fifo() {
    return seeded(FIFO, () -> copyAndEnqueue(INSTANCES, FIFO, null, healthy(false)));
  }

  String priority() {
    Consumer<SettingsBuilder> config = s -> s.queue(q -> q.strategy(QueueStrategy.PRIORITY));
    return seeded(PRIORITY, () -> copyAndEnqueue(INSTANCES, PRIORITY, config, healthy(true)));
  }

  String poisoned() {
    String clean = fifo();
    return seeded(POISONED, () -> copyAndEnqueue(clean, POISONED, null, poison()));
  }

  /** How each seed made so far was made (rates through the engine, not benchmarks). */
  String describe(String seed) {
    return made.getOrDefault(seed, "not made");
  }

  void dropAll() {
    List<String> names = new ArrayList<>(made.keySet());
    names.forEach(server::drop);
    made.clear();
  }

  private String seeded(String name, Supplier<String> make) {
    if (!made.containsKey(name)) {
      if (!made.containsKey(INSTANCES)) {
        made.put(INSTANCES, server.setUp(this::createInstances));
      }
      made.put(name, server.setUp(make));
    }
    return name;
  }

  private String createInstances() {
    server.drop(INSTANCES);
    List<String> all = new ArrayList<>(ids(HEALTHY, settings.instances()));
    all.addAll(ids(SICK, settings.poisonInstances()));
    RunReport.progress(String.format("seeding: creating %,d ledger instances ...", all.size()));
    try (BenchDatabase database = server.create(INSTANCES);
        PostgresStore store = database.store()) {
      Engine engine = seeder.engine(store, null, List.of(ledger));
      return "created " + Figures.rate(seeder.create(engine, all, i -> QueueMachines.LEDGER));
    }
  }

  private String copyAndEnqueue(
      String template, String name, Consumer<SettingsBuilder> config, Seeder.Feed feed) {
    RunReport.progress(String.format("seeding %s: enqueuing %,d events ...", name, feed.events()));
    server.drop(name);
    try (BenchDatabase database = server.copy(template, name);
        PostgresStore store = database.store()) {
      Engine engine = seeder.engine(store, config, List.of(ledger));
      double rate = seeder.enqueue(engine, feed, width());
      long levels = database.queryLong("SELECT count(DISTINCT priority) FROM cw_queue");
      return String.format(
          "%,d events enqueued at %s, %d distinct priorit%s stored",
          feed.events(), Figures.rate(rate), levels, levels == 1 ? "y" : "ies");
    }
  }

  /** Microseconds a round lasts: room for every instance's place. */
  private long width() {
    return 2L * (settings.instances() + settings.poisonInstances());
  }

  private Seeder.Feed healthy(boolean mixedPriorities) {
    int count = settings.instances();
    return new Seeder.Feed(
        ids(HEALTHY, count),
        settings.eventsPerInstance,
        QueueMachines.STEP,
        i -> (double) i / count,
        1,
        mixedPriorities);
  }

  private Seeder.Feed poison() {
    int count = settings.poisonInstances();
    return new Seeder.Feed(
        ids(SICK, count),
        settings.poisonPerInstance,
        QueueMachines.POISON,
        j -> (j + 0.5) / count,
        1.0 / settings.poisonEvents(),
        false);
  }

  private static List<String> ids(String prefix, int count) {
    List<String> ids = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      ids.add(String.format("%s%06d", prefix, i));
    }
    return ids;
  }
}
