package dev.clockwork.runtime;

import dev.clockwork.core.definition.MachineDefinition;
import java.util.List;

/**
 * Makes an application's machines known to tools that run outside it — the {@code clockwork} CLI
 * and {@code clockwork dev} — through {@link java.util.ServiceLoader}: implement it and list the
 * class in {@code META-INF/services/dev.clockwork.runtime.MachineProvider}.
 */
public interface MachineProvider {
  /** The machine definitions this provider offers. */
  List<MachineDefinition> machines();
}
