package dev.clockwork.chaos.check;

import dev.clockwork.chaos.machine.ChaosFanOut;
import dev.clockwork.chaos.machine.ContextLists;
import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.store.HistoryEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@link ChaosFanOut} instance as read after a run: its context's lists, its history cut into
 * one segment per outcome, and its region jobs still stored.
 *
 * @param fans the FANs that entered the parallel state (one entry each)
 * @param ignored the FANs that arrived while it was in it
 * @param done the entries whose {@code @done} fired
 * @param failed the entries whose {@code @fail} fired
 * @param failExceptions the {@code exception} of each {@code @fail}
 * @param regions per region, the entries its result was applied for
 * @param reruns per region, the entries whose action ran again (a later attempt)
 * @param segments the history cut after each {@code PARALLEL_DONE} or {@code PARALLEL_FAIL} row:
 *     per segment, its {@code PARALLEL_REGION_ENTER} rows per region, and how it ended
 * @param fanning whether it is still in the parallel state
 * @param jobsLeft its region jobs still stored
 */
public record FanSeen(
    String id,
    List<Long> fans,
    List<Long> ignored,
    List<Long> done,
    List<Long> failed,
    List<String> failExceptions,
    Map<String, List<Long>> regions,
    Map<String, List<Long>> reruns,
    List<Segment> segments,
    boolean fanning,
    int jobsLeft) {

  /**
   * The history between two outcomes.
   *
   * @param entered {@code PARALLEL_REGION_ENTER} rows per region
   * @param outcome {@code PARALLEL_DONE}, {@code PARALLEL_FAIL}, or null for the open end
   */
  public record Segment(Map<String, Integer> entered, String outcome) {}

  /** Reads instance {@code id} through the engine's public API. */
  public static FanSeen read(Engine engine, String id) {
    Instance instance = engine.instances().get(id);
    Map<String, Object> context = instance.context();
    Map<String, List<Long>> regions = new HashMap<>();
    Map<String, List<Long>> reruns = new HashMap<>();
    for (String region : ChaosFanOut.REGIONS) {
      regions.put(region, ContextLists.numbers(context.get(region)));
      reruns.put(region, ContextLists.numbers(context.get(ChaosFanOut.reruns(region))));
    }
    return new FanSeen(
        id,
        ContextLists.numbers(context.get(ChaosFanOut.FANS)),
        ContextLists.numbers(context.get(ChaosFanOut.IGNORED)),
        ContextLists.numbers(context.get(ChaosFanOut.DONE)),
        ContextLists.numbers(context.get(ChaosFanOut.FAILED)),
        ContextLists.tokens(context.get(ChaosFanOut.FAIL_EXCEPTIONS)),
        regions,
        reruns,
        segments(engine.instances().history(HistoryQuery.all(id))),
        instance.isIn(ChaosFanOut.STATE),
        engine.regionJobs().pending(id).size());
  }

  static List<Segment> segments(List<HistoryEntry> history) {
    List<Segment> segments = new ArrayList<>();
    Map<String, Integer> entered = new HashMap<>();
    for (HistoryEntry row : history) {
      String type = row.event();
      if (ParallelEvents.ENTER.equals(type)) {
        String path = String.valueOf(row.payload().get(ParallelEvents.REGION));
        entered.merge(path.substring(path.lastIndexOf('.') + 1), 1, Integer::sum);
      } else if (ParallelEvents.DONE.equals(type) || ParallelEvents.FAIL.equals(type)) {
        segments.add(new Segment(entered, type));
        entered = new HashMap<>();
      }
    }
    segments.add(new Segment(entered, null));
    return segments;
  }
}
