package dev.clockwork.bench.harness;

import java.util.Collection;
import java.util.List;

/** The {@code --only SECTION,…} choice every benchmark command offers. */
public final class Sections {
  private Sections() {}

  /**
   * Whether {@code section} runs: every section when {@code only} is empty, else those named.
   *
   * @throws IllegalArgumentException when {@code only} names a section not in {@code all}
   */
  public static boolean runs(List<String> all, Collection<String> only, String section) {
    if (!all.containsAll(only)) {
      throw new IllegalArgumentException("--only takes some of " + all + ", not " + only);
    }
    return only.isEmpty() || only.contains(section);
  }
}
