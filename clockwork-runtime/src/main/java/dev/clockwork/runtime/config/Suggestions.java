package dev.clockwork.runtime.config;

import java.util.Collection;
import java.util.Optional;
import java.util.TreeSet;

/**
 * "Did you mean …?" for mistyped names (configuration keys, machine names), by edit distance. The
 * CLI uses it too, so a misspelling is answered the same way wherever it is typed.
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

  /** Levenshtein distance. */
  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        current[j] =
            Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
