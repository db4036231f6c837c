package dev.clockwork.schedule.architecture;

import dev.clockwork.core.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/**
 * The schedules module's packages do not depend on each other in cycles: neither its sub-packages
 * among themselves nor through the root package ({@code dev.clockwork.schedule}, where {@code
 * Schedules} lives), so the front cannot be imported back by what it is built from.
 */
class PackageCyclesTest {
  @Test
  void packagesDoNotDependOnEachOtherInCycles() {
    PackageCycles.check("dev.clockwork.schedule");
  }
}
