package dev.clockwork.runtime.architecture;

import dev.clockwork.core.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/**
 * The runtime's packages do not depend on each other in cycles. Every package is its own slice, the
 * root package ({@code dev.clockwork.runtime}, where {@code Engine} lives) included, so the front
 * cannot be imported back by what it is built from.
 */
class PackageCyclesTest {
  @Test
  void packagesDoNotDependOnEachOtherInCycles() {
    PackageCycles.check("dev.clockwork.runtime");
  }
}
