package dev.clockwork.chaos.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.clockwork.core.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/**
 * The harness drives and reads Clockwork through its public API only, as an application would, and
 * its packages do not depend on each other in cycles.
 */
class PublicApiOnlyTest {
  private static final JavaClasses CHAOS =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.clockwork.chaos");

  @Test
  void nothingReachesIntoClockworksInternals() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.clockwork..internal..")
        .check(CHAOS);
  }

  @Test
  void packagesDoNotDependOnEachOtherInCycles() {
    PackageCycles.check("dev.clockwork.chaos");
  }
}
