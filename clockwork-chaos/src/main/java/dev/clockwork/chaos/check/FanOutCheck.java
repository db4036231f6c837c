package dev.clockwork.chaos.check;

import dev.clockwork.chaos.machine.ChaosFanOut;
import dev.clockwork.chaos.producer.FanProducer.Fan;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The parallel-dispatch scenario's invariants, over the {@link ChaosFanOut} instances as read after
 * the drain: every acknowledged FAN entered or was ignored once (I13 fan); every entry has one
 * outcome, {@code @done} or {@code @fail} (I13 outcome); each region's result was applied once per
 * entry — exactly once for an entry that is done, at most once for one that failed — by the
 * context's lists and by the history's {@code PARALLEL_REGION_ENTER} rows between outcomes (I14);
 * no region job is left, leased or pending (I15); and a job given up names why (I16).
 */
public final class FanOutCheck {
  public static final String FAN = "I13 fan";
  public static final String OUTCOME = "I13 outcome";
  public static final String REGION_ONCE = "I14 region";
  public static final String REGION_HISTORY = "I14 history";
  public static final String JOBS_LEFT = "I15 jobs left";
  public static final String FAIL_NAMED = "I16 fail named";

  private FanOutCheck() {}

  public static void check(List<Fan> acknowledged, Map<String, FanSeen> seen, Verdict verdict) {
    Verdict.Row fan = verdict.row(FAN, "acknowledged FAN neither entered nor ignored, or twice");
    Verdict.Row outcome = verdict.row(OUTCOME, "parallel entry without exactly one outcome");
    Verdict.Row once = verdict.row(REGION_ONCE, "region result applied other than once/entry");
    Verdict.Row history =
        verdict.row(REGION_HISTORY, "region ENTER rows other than once between outcomes");
    Verdict.Row left = verdict.row(JOBS_LEFT, "fan-out instance with region jobs left");
    Verdict.Row named = verdict.row(FAIL_NAMED, "@fail of a given-up job without its exception");
    for (Fan sent : acknowledged) {
      fan.checked();
      FanSeen instance = seen.get(sent.instanceId());
      int times =
          instance == null
              ? 0
              : Collections.frequency(instance.fans(), sent.seq())
                  + Collections.frequency(instance.ignored(), sent.seq());
      if (times != 1) {
        fan.violation(sent.instanceId() + ": FAN " + sent.seq() + " seen " + times + " times");
      }
    }
    long entries = 0;
    long done = 0;
    long failed = 0;
    long reruns = 0;
    long ignored = 0;
    for (FanSeen instance : new TreeMap<>(seen).values()) {
      entries += instance.fans().size();
      done += instance.done().size();
      failed += instance.failed().size();
      ignored += instance.ignored().size();
      Set<Long> entered = new HashSet<>(instance.fans());
      for (long entry : instance.fans()) {
        outcome.checked();
        int outcomes =
            Collections.frequency(instance.done(), entry)
                + Collections.frequency(instance.failed(), entry);
        if (outcomes != 1) {
          outcome.violation(instance.id() + ": entry " + entry + " has " + outcomes + " outcomes");
        }
        boolean isDone = instance.done().contains(entry);
        for (String region : ChaosFanOut.REGIONS) {
          once.checked();
          int applied = Collections.frequency(instance.regions().get(region), entry);
          if (applied > 1 || (isDone && applied != 1)) {
            once.violation(
                instance.id() + ": " + region + " applied " + applied + " times for " + entry);
          }
        }
      }
      for (String region : ChaosFanOut.REGIONS) {
        for (long entry : instance.regions().get(region)) {
          if (!entered.contains(entry)) {
            once.violation(instance.id() + ": " + region + " applied for no entry " + entry);
          }
        }
        reruns += instance.reruns().get(region).size();
      }
      for (FanSeen.Segment segment : instance.segments()) {
        history.checked();
        for (String region : ChaosFanOut.REGIONS) {
          int rows = segment.entered().getOrDefault(region, 0);
          boolean wanted = "PARALLEL_DONE".equals(segment.outcome());
          if (rows > 1 || (wanted && rows != 1)) {
            history.violation(
                instance.id() + ": " + rows + " ENTER rows of " + region + " before " + segment);
          }
        }
      }
      left.checked();
      if (instance.jobsLeft() > 0 || instance.fanning()) {
        left.violation(
            instance.id()
                + ": "
                + instance.jobsLeft()
                + " region jobs left"
                + (instance.fanning() ? ", still in " + ChaosFanOut.STATE : ""));
      }
      for (String exception : instance.failExceptions()) {
        named.checked();
        if (exception.isBlank() || exception.equals("null")) {
          named.violation(instance.id() + ": a @fail with exception '" + exception + "'");
        }
      }
    }
    verdict.note(
        String.format(
            "fan-out: %d entries (%d done, %d failed), %d FANs ignored while fanning, %d region"
                + " actions run again after their worker died or their lease ran out",
            entries, done, failed, ignored, reruns));
  }
}
