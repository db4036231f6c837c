package dev.clockwork.definition.write;

import dev.clockwork.core.definition.TimerDeclaration;
import dev.clockwork.core.definition.TimerDef;
import dev.clockwork.core.time.OverduePolicy;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Writes a transition's timer keys from the timer's declaration. */
final class Timers {
  private Timers() {}

  static void write(TimerDef timer, String where, Map<String, Object> out, CodeParts code) {
    TimerDeclaration declared = timer.declaration();
    if (!declared.isNameable()) {
      out.put(
          "timer",
          code.mark(
              where,
              "the timer's value is computed by a lambda, which has no name, so it cannot be written"
                  + " as data; register it with Behaviors.builder().timerValue(\"name\", context -> …)"
                  + " and write .timer(\"name\")"));
    } else {
      out.put(declared.kind(), declared.text());
    }
    if (declared.max() != null) {
      out.put("max", declared.max());
    }
    if (timer.then() != null) {
      out.put("then", timer.then());
    }
    if (declared.zone() != null) {
      out.put("zone", declared.zone().getId());
    }
    if (timer.overdue() != OverduePolicy.FIRE) {
      out.put("overdue", timer.overdue().text());
    }
    if (timer.overdueAfter() != null) {
      out.put("overdueAfter", timer.overdueAfter().toString());
    }
    if (declared.dst() != null) {
      Map<String, Object> dst = new LinkedHashMap<>();
      dst.put("gap", lower(declared.dst().gap()));
      dst.put("overlap", lower(declared.dst().overlap()));
      out.put("dst", dst);
    }
  }

  private static String lower(Enum<?> constant) {
    return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
