package dev.clockwork.schedule.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import org.junit.jupiter.api.Test;

/**
 * Schedules are built on the engine's public API: nothing here reaches into the runtime's
 * internals, and of the runtime's store package only the exception a racing creation throws is used
 * (schedules keep their own rows in a {@code ScheduleStore}).
 */
class ModuleBoundaryTest {
  private static final JavaClasses SCHEDULES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.clockwork.schedule");

  @Test
  void scheduleClassesDoNotDependOnTheRuntimeInternals() {
    noClasses()
        .that()
        .resideInAPackage("dev.clockwork.schedule..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.clockwork.runtime.internal..")
        .check(SCHEDULES);
  }

  @Test
  void ofTheRuntimeStoreOnlyTheDuplicateInstanceExceptionIsUsed() {
    noClasses()
        .that()
        .resideInAPackage("dev.clockwork.schedule..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("dev.clockwork.runtime.store..")
                .and(not(equivalentTo(DuplicateInstanceException.class))))
        .check(SCHEDULES);
  }
}
