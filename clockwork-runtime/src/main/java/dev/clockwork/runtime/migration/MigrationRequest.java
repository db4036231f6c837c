package dev.clockwork.runtime.migration;

import dev.clockwork.core.interpreter.StateMapping;
import java.util.List;
import java.util.Objects;

/**
 * Which running instances to move, and how: those of {@code machine} on version {@code from} onto
 * version {@code to}, their states renamed by {@code mapping}.
 *
 * <pre>{@code
 * MigrationRequest request = MigrationRequest.of("order", 1, 2,
 *     List.of("processing=fulfilment.packing", "shipped=delivered"));
 * MigrationReport plan = engine.machines().migrate(request, true);  // dry run: changes nothing
 * MigrationReport done = engine.machines().migrate(request, false);
 * }</pre>
 */
public record MigrationRequest(String machine, int from, int to, StateMapping mapping) {
  public MigrationRequest {
    Objects.requireNonNull(machine, "machine");
    Objects.requireNonNull(mapping, "mapping");
    if (from == to) {
      throw new IllegalArgumentException(
          "--from and --to are both " + from + "; migrate between two versions");
    }
  }

  /** The request with its mapping written {@code old.path=new.path}. */
  public static MigrationRequest of(String machine, int from, int to, List<String> mapping) {
    return new MigrationRequest(machine, from, to, StateMapping.parse(mapping));
  }
}
