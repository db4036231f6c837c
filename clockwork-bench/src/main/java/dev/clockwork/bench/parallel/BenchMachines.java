package dev.clockwork.bench.parallel;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.List;
import java.util.Locale;

/**
 * The machines of the parallel dispatch benchmark: a parallel state {@code working} whose regions
 * each start at an atomic state with one slow entry action that then raises the event finishing its
 * region; {@code @done} goes to {@code completed}. With dispatch on, each region's entry action is
 * a region job.
 */
final class BenchMachines {
  static final String COMPLETED = "completed";

  private BenchMachines() {}

  /**
   * A machine {@code id} with one region per entry of {@code millis}, named {@code names}, whose
   * action parks that long.
   */
  static MachineDefinition regions(
      String id, List<String> names, List<Long> millis, SlowActions actions) {
    if (names.size() != millis.size() || names.size() < 2) {
      throw new IllegalArgumentException("2 or more regions, one time each");
    }
    return Machine.define(id)
        .initial("working")
        .parallel(
            "working",
            p -> {
              for (int i = 0; i < names.size(); i++) {
                String region = names.get(i);
                long ms = millis.get(i);
                String finished = region.toUpperCase(Locale.ROOT) + "_DONE";
                p.state(
                    region,
                    r ->
                        r.initial("running")
                            .state(
                                "running",
                                s ->
                                    s.entry(
                                            a -> {
                                              actions.run(region, ms);
                                              a.set(region + "_result", ms);
                                              a.raise(finished);
                                            })
                                        .on(finished, "done"))
                            .finalState("done"));
              }
              p.onDone(COMPLETED);
            })
        .state(COMPLETED)
        .build();
  }
}
