package dev.clockwork.cli.usage;

import dev.clockwork.runtime.config.Suggestions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The names nearest to a mistyped command or option: by edit distance where swapping two
 * neighbouring letters is one edit ({@code lsit} is one from {@code list}), or names that start
 * with what was typed ({@code desc} for {@code describe}).
 */
final class Nearest {
  private Nearest() {}

  /** The closest of {@code known}, in their order; empty when none is close enough. */
  static List<String> to(String typed, Collection<String> known) {
    String lower = typed.toLowerCase(Locale.ROOT);
    int allowed = lower.length() >= 6 ? 2 : 1;
    List<String> best = new ArrayList<>();
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      String name = candidate.toLowerCase(Locale.ROOT);
      int distance = lower.length() >= 3 && name.startsWith(lower) ? 1 : distance(lower, name);
      if (distance > allowed || distance > bestDistance) {
        continue;
      }
      if (distance < bestDistance) {
        best.clear();
        bestDistance = distance;
      }
      best.add(candidate);
    }
    return best;
  }

  /** {@code "a"}, {@code "a or b"}, {@code "a, b or c"}. */
  static String either(List<String> names) {
    if (names.size() <= 1) {
      return String.join("", names);
    }
    return String.join(", ", names.subList(0, names.size() - 1))
        + " or "
        + names.get(names.size() - 1);
  }

  /** The edit distance the runtime's suggestions use (a swap of neighbours counts one). */
  static int distance(String a, String b) {
    return Suggestions.distance(a, b);
  }
}
