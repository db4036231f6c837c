package dev.clockwork.cli.usage;

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

  /** Optimal string alignment distance: insertions, deletions, changes and swaps of neighbours. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
