package dev.clockwork.runtime;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.CreateOptions;
import java.util.Map;
import java.util.Objects;

/**
 * One instance to create with {@link Engine#createAll}: what {@link Engine#create(String, String,
 * Map, CreateOptions)} takes.
 *
 * @param machine the machine, whose newest version the instance runs
 * @param id the instance id, or null for a random one
 * @param input values merged over the definition's initial context
 * @param options its queue, labels, memo, search attributes and origin
 */
public record NewInstance(String machine, String id, Map<String, ?> input, CreateOptions options) {
  public NewInstance {
    Objects.requireNonNull(machine, "machine");
    input = input == null ? Map.of() : input;
    options = options == null ? CreateOptions.DEFAULTS : options;
  }

  /** An instance whose history begins with {@code origin} (null: none), with default options. */
  public NewInstance(String machine, String id, Map<String, ?> input, Event origin) {
    this(machine, id, input, CreateOptions.builder().origin(origin).build());
  }
}
