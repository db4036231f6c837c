package dev.clockwork.runtime;

import dev.clockwork.core.event.Event;
import java.util.Map;
import java.util.Objects;

/**
 * One instance to create with {@link Engine#createAll}: what {@link Engine#create(String, String,
 * Map, Event)} takes.
 *
 * @param machine the machine, whose newest version the instance runs
 * @param id the instance id, or null for a random one
 * @param input values merged over the definition's initial context
 * @param origin what started it (its history's first row), or null
 */
public record NewInstance(String machine, String id, Map<String, ?> input, Event origin) {
  public NewInstance {
    Objects.requireNonNull(machine, "machine");
    input = input == null ? Map.of() : input;
  }
}
