package dev.clockwork.runtime.config;

import java.util.Map;

/**
 * One machine's settings made in code ({@code machines.<id>} of {@code clockwork.yaml}): its {@code
 * queue}, {@code parallel_dispatch} and {@code retention} blocks, merged key by key over the
 * system's.
 */
public final class MachineSettingsBuilder extends QueueBlocks<MachineSettingsBuilder> {
  MachineSettingsBuilder(Map<String, Object> values) {
    super(values);
  }
}
