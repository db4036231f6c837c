package dev.clockwork.spring.boot.architecture;

import dev.clockwork.core.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/**
 * The spring-boot-autoconfigure module's packages do not depend on each other in cycles, its root
 * package included.
 */
class PackageCyclesTest {
  @Test
  void packagesDoNotDependOnEachOtherInCycles() {
    PackageCycles.check("dev.clockwork.spring.boot");
  }
}
