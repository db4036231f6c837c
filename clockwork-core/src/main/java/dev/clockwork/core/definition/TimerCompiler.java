package dev.clockwork.core.definition;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.behavior.TimerValue;
import dev.clockwork.core.time.DstPolicy;
import dev.clockwork.core.time.OverduePolicy;
import dev.clockwork.core.time.TimeSpec;
import dev.clockwork.core.time.TimeSpecs;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;

/** Checks a transition's timer against the timer rules and builds its {@link TimerDef}. */
final class TimerCompiler {
  private final Behaviors behaviors;
  private final ZoneId machineZone;
  private final Overdue machineOverdue;
  private final Map<String, TimerDef> timers;

  /** The machine's overdue policy and grace (null: one interval), for timers that set none. */
  record Overdue(OverduePolicy policy, Duration after) {}

  TimerCompiler(
      Behaviors behaviors,
      ZoneId machineZone,
      Overdue machineOverdue,
      Map<String, TimerDef> timers) {
    this.behaviors = behaviors;
    this.machineZone = machineZone;
    this.machineOverdue = machineOverdue;
    this.timers = timers;
  }

  TimerDef compile(StateNode source, TransitionBuilder t, String path) {
    if (t.timerKinds.size() > 1) {
      throw new InvalidDefinitionException(
          path,
          "one timer per transition, found "
              + t.timerKinds.stream().map(k -> k.name().toLowerCase()).toList()
              + "; keep one, or add a second transition with its own event");
    }
    TransitionBuilder.TimerKind kind = t.timerKinds.get(0);
    ZoneId zone = t.zone != null ? t.zone : machineZone;
    TimeSpec spec;
    TimerValue value = null;
    try {
      spec = spec(kind, t, zone);
    } catch (InvalidDefinitionException e) {
      throw e.at(path);
    }
    if (spec == null) {
      value = computed(t.value, path);
    }
    boolean repeating = spec == null ? kind == TransitionBuilder.TimerKind.VALUE : spec.repeating();
    int max = Integer.MAX_VALUE;
    if (t.max != null) {
      if (!repeating) {
        throw new InvalidDefinitionException(
            path,
            "max needs a recurring timer; use every(…), cycle(…) or cron(…) with max, or drop"
                + " max from this one-shot timer");
      }
      if (t.max < 1) {
        throw new InvalidDefinitionException(path, "max must be 1 or more, not " + t.max);
      }
      max = t.max;
    }
    if (spec != null) {
      max = Math.min(max, spec.maxFires());
    }
    if (t.then != null && t.max == null) {
      throw new InvalidDefinitionException(
          path,
          "then needs max: add .max(3) to say after how many fires \"" + t.then + "\" is sent");
    }
    if (t.then != null && t.then.isBlank()) {
      throw new InvalidDefinitionException(
          path, "then must name an event, e.g. then(\"MAX_RETRIES\")");
    }
    if ((t.overdue != null || t.overdueAfter != null) && !repeating) {
      throw new InvalidDefinitionException(
          path,
          "overdue policies are for recurring timers (a one-shot timer always fires, however"
              + " late); drop overdue from this timer or make it every(…), cycle(…) or cron(…)");
    }
    if (t.overdueAfter != null && (t.overdueAfter.isNegative() || t.overdueAfter.isZero())) {
      throw new InvalidDefinitionException(
          path, "overdueAfter must be positive, not " + t.overdueAfter);
    }
    // a one-shot timer always fires, whatever the machine's policy
    Overdue overdue =
        !repeating
            ? new Overdue(OverduePolicy.FIRE, null)
            : new Overdue(
                t.overdue != null ? t.overdue : machineOverdue.policy(),
                t.overdueAfter != null ? t.overdueAfter : machineOverdue.after());
    String key = source.path + "#" + t.event;
    TimerDef def =
        new TimerDef(
            key,
            t.event,
            spec,
            value,
            max,
            t.then,
            zone,
            declaration(kind, t),
            overdue.policy(),
            overdue.after());
    timers.put(key, def);
    return def;
  }

  private static TimerDeclaration declaration(
      TransitionBuilder.TimerKind kind, TransitionBuilder t) {
    String text;
    String written;
    if (kind == TransitionBuilder.TimerKind.VALUE) {
      written = t.contextKey != null ? "timerFromContext" : "timer";
      text = t.contextKey != null ? t.contextKey : t.value instanceof String name ? name : null;
    } else {
      written = kind.name().toLowerCase(Locale.ROOT);
      text = t.fixed != null ? t.fixed.toString() : t.text;
    }
    return new TimerDeclaration(written, text, t.max, t.zone, t.dst, t.overdue, t.overdueAfter);
  }

  private static TimeSpec spec(TransitionBuilder.TimerKind kind, TransitionBuilder t, ZoneId zone) {
    DstPolicy dst = t.dst != null ? t.dst : DstPolicy.DEFAULT;
    return switch (kind) {
      case AFTER -> t.fixed != null ? TimeSpecs.after(t.fixed) : TimeSpecs.duration(t.text, zone);
      case EVERY ->
          t.fixed != null ? TimeSpecs.every(t.fixed) : TimeSpecs.cycle("R/" + t.text, zone);
      case AT -> TimeSpecs.at(t.text);
      case CYCLE -> TimeSpecs.cycle(t.text, zone);
      case CRON -> TimeSpecs.cron(t.text, zone, dst);
      case VALUE -> null;
    };
  }

  private TimerValue computed(Object declared, String path) {
    if (declared instanceof TimerValue) {
      return (TimerValue) declared;
    }
    String name = (String) declared;
    return behaviors
        .timerValue(name)
        .orElseThrow(
            () ->
                new InvalidDefinitionException(
                    path,
                    "unknown timer value '"
                        + name
                        + "'; register it with Behaviors.builder().timerValue(\""
                        + name
                        + "\", context -> …)"
                        + TransitionCompiler.known(behaviors.timerValueNames())));
  }
}
