package dev.clockwork.server.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The server is a thin surface: it reaches the engine through the runtime's public API only (never
 * its internals, never a particular store) and it runs no SQL of its own ({@link
 * PackageCyclesTest}: its packages do not depend on each other in cycles).
 */
class ThinSurfaceTest {
  private static final JavaClasses SERVER =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.clockwork.server");

  @Test
  void nothingReachesIntoTheRuntimesInternals() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.clockwork..internal..", "dev.clockwork.postgres..")
        .check(SERVER);
  }

  @Test
  void itHoldsNoSql() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("java.sql..", "javax.sql..")
        .because("the engine's store keeps everything, callbacks included")
        .check(SERVER);
  }
}
