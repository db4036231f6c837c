package dev.clockwork.schedule;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.schedule.definition.ScheduleOptions;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * An engine on a virtual clock with a {@link Schedules} service over an in-memory store, and the
 * machines the schedule tests start: {@code job} runs until it gets FINISH; {@code pulse} is done
 * as soon as it starts.
 */
final class ScheduleFixture {
  static final MachineDefinition JOB =
      Machine.define("job")
          .initial("running")
          .state("running", s -> s.on("FINISH", "done"))
          .finalState("done")
          .build();
  static final MachineDefinition PULSE =
      Machine.define("pulse").initial("done").finalState("done").build();

  final VirtualClock clock;
  final Engine engine;
  final InMemoryScheduleStore store = new InMemoryScheduleStore();
  final dev.clockwork.runtime.store.memory.InMemoryStore instances =
      new dev.clockwork.runtime.store.memory.InMemoryStore();
  final ScriptedRandom random = new ScriptedRandom();
  final Schedules schedules;

  private ScheduleFixture(
      String start, Consumer<ScheduleOptions.Builder> options, MachineDefinition... extra) {
    clock = VirtualClock.at(start);
    Engine.Builder builder = Engine.builder().store(instances).clock(clock).register(JOB, PULSE);
    builder.register(extra);
    engine = builder.build();
    schedules = Schedules.builder(engine).store(store).random(random).options(options).build();
  }

  static ScheduleFixture at(String start, MachineDefinition... extra) {
    return new ScheduleFixture(start, o -> {}, extra);
  }

  static ScheduleFixture at(
      String start, Consumer<ScheduleOptions.Builder> options, MachineDefinition... extra) {
    return new ScheduleFixture(start, options, extra);
  }

  /** Moves the clock to {@code iso} and ticks. */
  List<TickResult> tickAt(String iso) {
    return tickAt(Instant.parse(iso));
  }

  List<TickResult> tickAt(Instant at) {
    clock.moveTo(at);
    return schedules.tick();
  }

  void finish(String instanceId) {
    engine.send(instanceId, Event.of("FINISH"));
  }

  Instance instance(String instanceId) {
    return engine.instances().get(instanceId);
  }

  List<HistoryEntry> history(String instanceId) {
    return engine.instances().history(HistoryQuery.all(instanceId));
  }

  List<String> instances(String machine) {
    return instances.instances().instanceIds(machine);
  }

  static Instant t(String iso) {
    return Instant.parse(iso);
  }

  /** Jitter draws come from a script: queued values first, then the largest allowed value. */
  static final class ScriptedRandom implements RandomGenerator {
    private final Deque<Long> script = new ArrayDeque<>();
    private long counter = 0x5DEECE66DL;

    /** The next draws of {@code nextLong(bound)}, each taken modulo its bound. */
    void willDraw(long... values) {
      for (long value : values) {
        script.add(value);
      }
    }

    @Override
    public long nextLong() {
      counter = counter * 6364136223846793005L + 1442695040888963407L;
      return counter;
    }

    @Override
    public long nextLong(long bound) {
      return script.isEmpty() ? bound - 1 : Math.floorMod(script.poll(), bound);
    }
  }
}
