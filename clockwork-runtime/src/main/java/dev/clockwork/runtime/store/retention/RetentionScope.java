package dev.clockwork.runtime.store.retention;

import java.util.Objects;
import java.util.Set;

/**
 * The machines a purge covers: one machine (with its own retention), or every machine but those
 * (the system's retention, for the machines without their own).
 *
 * @param machine the one machine covered; null for every machine but {@code except}
 * @param except the machines left out when {@code machine} is null
 */
public record RetentionScope(String machine, Set<String> except) {
  public RetentionScope {
    except = Set.copyOf(Objects.requireNonNull(except, "except"));
    if (machine != null && !except.isEmpty()) {
      throw new IllegalArgumentException("a scope of one machine leaves none out");
    }
  }

  /** Every machine. */
  public static RetentionScope all() {
    return new RetentionScope(null, Set.of());
  }

  /** Only {@code machine}. */
  public static RetentionScope only(String machine) {
    return new RetentionScope(Objects.requireNonNull(machine, "machine"), Set.of());
  }

  /** Every machine but {@code machines}. */
  public static RetentionScope allBut(Set<String> machines) {
    return new RetentionScope(null, machines);
  }

  /** Whether {@code machineName} is covered. */
  public boolean includes(String machineName) {
    return machine != null ? machine.equals(machineName) : !except.contains(machineName);
  }
}
