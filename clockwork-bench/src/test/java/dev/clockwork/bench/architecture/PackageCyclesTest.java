package dev.clockwork.bench.architecture;

import dev.clockwork.core.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/** The bench module's packages do not depend on each other in cycles, its root package included. */
class PackageCyclesTest {
  @Test
  void packagesDoNotDependOnEachOtherInCycles() {
    PackageCycles.check("dev.clockwork.bench");
  }
}
