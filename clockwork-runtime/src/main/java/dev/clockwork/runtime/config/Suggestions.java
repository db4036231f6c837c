package dev.clockwork.runtime.config;

import java.util.Collection;
import java.util.Optional;
import java.util.TreeSet;

/**
 * "Did you mean …?" for mistyped names (configuration keys, machine names), by edit distance. The
 * CLI's command suggestions and the Spring starter's key check measure with the same {@link
 * #distance}.
 */
public final class Suggestions {
  private Suggestions() {}

  /**
   * {@code "; did you mean order?"} when one of {@code known} is close to {@code typed} (ties go to
   * the alphabetically first), else the empty string.
   */
  public static String didYouMean(String typed, Collection<String> known) {
    return closest(typed, known).map(best -> "; did you mean " + best + "?").orElse("");
  }

  /**
   * The one of {@code known} closest to {@code typed} when it is close enough to be what was meant
   * (ties go to the alphabetically first), for callers that word the suggestion themselves.
   */
  public static Optional<String> closest(String typed, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : new TreeSet<>(known)) {
      int distance = distance(typed, candidate);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    return best != null && bestDistance <= Math.max(2, typed.length() / 3)
        ? Optional.of(best)
        : Optional.empty();
  }

  /**
   * The edit distance of {@code a} and {@code b}: insertions, deletions, changes, and swaps of two
   * neighbours each count one ({@code lsit} is one from {@code list}; optimal string alignment).
   */
  public static int distance(String a, String b) {
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
