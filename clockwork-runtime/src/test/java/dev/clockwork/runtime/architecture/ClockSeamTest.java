package dev.clockwork.runtime.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.clockwork.runtime.Engine;
import org.junit.jupiter.api.Test;

/** Every clock read in the runtime goes through the injected Clock. */
class ClockSeamTest {
  private static final JavaClasses RUNTIME =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.clockwork.runtime");

  @Test
  void noClassReadsTheSystemClockDirectly() {
    noClasses()
        .should()
        .callMethod(System.class, "currentTimeMillis")
        .orShould()
        .callMethod(java.time.Instant.class, "now")
        .orShould()
        .callMethod(java.time.LocalDateTime.class, "now")
        .orShould()
        .callMethod(java.time.ZonedDateTime.class, "now")
        .orShould()
        .callMethod(java.time.OffsetDateTime.class, "now")
        .check(RUNTIME);
  }

  @Test
  void onlyTheEngineBuilderDefaultsToTheSystemClock() {
    noClasses()
        .that()
        .doNotHaveFullyQualifiedName(Engine.Builder.class.getName())
        .should()
        .callMethod(java.time.Clock.class, "systemUTC")
        .orShould()
        .callMethod(java.time.Clock.class, "systemDefaultZone")
        .check(RUNTIME);
  }
}
