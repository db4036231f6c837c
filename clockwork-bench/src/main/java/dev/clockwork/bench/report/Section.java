package dev.clockwork.bench.queues;

import java.util.List;

/** What one benchmark prints, and the targets it judged. */
record Section(String text, List<Target> targets) {
  Section {
    targets = List.copyOf(targets);
  }
}
