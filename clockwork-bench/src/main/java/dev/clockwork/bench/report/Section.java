package dev.clockwork.bench.report;

import java.util.List;

/** What one benchmark prints, and the targets it judged. */
public record Section(String text, List<Target> targets) {
  public Section {
    targets = List.copyOf(targets);
  }

  /** A section that judges no target. */
  public static Section of(String text) {
    return new Section(text, List.of());
  }
}
