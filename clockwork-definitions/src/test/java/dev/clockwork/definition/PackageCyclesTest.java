package dev.clockwork.definition;

import dev.clockwork.core.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/** The definitions module's packages (API, read, tree) do not depend on each other in cycles. */
class PackageCyclesTest {
  @Test
  void packagesDoNotDependOnEachOtherInCycles() {
    PackageCycles.check("dev.clockwork.definition");
  }
}
