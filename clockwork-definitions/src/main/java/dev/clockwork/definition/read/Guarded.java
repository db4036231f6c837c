package dev.clockwork.definition.read;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.definition.tree.SourceNode;
import dev.clockwork.definition.tree.TreeProblem;
import java.time.DateTimeException;
import java.util.function.Supplier;

/** Runs a builder call that checks its input at once, and locates its error at a node. */
final class Guarded {
  private Guarded() {}

  static <T> T at(SourceNode node, String path, Supplier<T> call) {
    try {
      return call.get();
    } catch (ClockworkException | IllegalArgumentException | DateTimeException e) {
      throw new TreeProblem(node.location(), path, e.getMessage());
    }
  }

  static void run(SourceNode node, String path, Runnable call) {
    at(
        node,
        path,
        () -> {
          call.run();
          return null;
        });
  }
}
