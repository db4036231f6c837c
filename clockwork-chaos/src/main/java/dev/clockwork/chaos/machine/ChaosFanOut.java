package dev.clockwork.chaos.machine;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.core.definition.StateBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The parallel-dispatch scenario's machine: each {@value #FAN} (its number in {@value #SEQ}) in
 * {@code idle} records the entry in {@value #FANS} and enters the parallel state {@code fanning},
 * whose regions {@value #LEFT} and {@value #RIGHT} run as region jobs on any worker: each entry
 * action works {@link #WORK} (long enough for a SIGKILL to catch workers mid-job), appends the
 * entry's number to its region's list and finishes its region. {@code @done} appends it to {@value
 * #DONE}, {@code @fail} (a job given up) to {@value #FAILED} with the failure's {@code exception}
 * in {@value #FAIL_EXCEPTIONS}; both go back to {@code idle}. A {@value #FAN} while {@code fanning}
 * only appends its number to {@value #IGNORED}. A region action run again after its worker died
 * appends the number to {@code <region>Reruns} too.
 */
public final class ChaosFanOut {
  public static final String ID = "chaos-fanout";
  public static final String FAN = "FAN";
  public static final String SEQ = "seq";
  public static final String FANS = "fans";
  public static final String DONE = "fansDone";
  public static final String FAILED = "fansFailed";
  public static final String FAIL_EXCEPTIONS = "failExceptions";
  public static final String IGNORED = "fansIgnored";
  public static final String LEFT = "left";
  public static final String RIGHT = "right";
  public static final List<String> REGIONS = List.of(LEFT, RIGHT);
  public static final String STATE = "fanning";
  public static final Duration WORK = Duration.ofSeconds(1);
  public static final int COUNT = 6;

  private static final String CURRENT = "current";

  private ChaosFanOut() {}

  /** The instance ids: {@code fan-1}…. */
  public static List<String> ids() {
    List<String> ids = new ArrayList<>();
    for (int i = 1; i <= COUNT; i++) {
      ids.add("fan-" + i);
    }
    return ids;
  }

  /** A region's list of re-run numbers. */
  public static String reruns(String region) {
    return region + "Reruns";
  }

  public static MachineDefinition definition() {
    return Machine.define(ID)
        .initial("idle")
        .state(
            "idle",
            s ->
                s.on(
                    FAN,
                    t ->
                        t.to(STATE)
                            .action(
                                x -> {
                                  long seq = ContextLists.payloadNumber(x, SEQ);
                                  ContextLists.append(x, FANS, seq);
                                  x.set(CURRENT, seq);
                                })))
        .parallel(
            STATE,
            p ->
                p.state(LEFT, r -> region(r, LEFT))
                    .state(RIGHT, r -> region(r, RIGHT))
                    .onDone(t -> t.to("idle").action(x -> outcome(x, DONE)))
                    .onFail(
                        t ->
                            t.to("idle")
                                .action(
                                    x -> {
                                      outcome(x, FAILED);
                                      ContextLists.append(
                                          x,
                                          FAIL_EXCEPTIONS,
                                          String.valueOf(
                                              x.event().payload().get(ParallelEvents.EXCEPTION)));
                                    })))
        .on(
            FAN,
            t -> t.action(x -> ContextLists.append(x, IGNORED, ContextLists.payloadNumber(x, SEQ))))
        .build();
  }

  private static void region(StateBuilder r, String region) {
    String ok = region.toUpperCase() + "_OK";
    r.initial("working")
        .state("working", s -> s.entry(x -> work(x, region, ok)).on(ok, "finished"))
        .finalState("finished");
  }

  private static void work(ActionScope x, String region, String ok) {
    try {
      Thread.sleep(WORK.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted mid-job", e);
    }
    long seq = x.context().getLong(CURRENT, -1);
    ContextLists.append(x, region, seq);
    if (x.attempt() > 1) {
      ContextLists.append(x, reruns(region), seq);
    }
    x.raise(ok);
  }

  private static void outcome(ActionScope x, String key) {
    ContextLists.append(x, key, x.context().getLong(CURRENT, -1));
  }
}
