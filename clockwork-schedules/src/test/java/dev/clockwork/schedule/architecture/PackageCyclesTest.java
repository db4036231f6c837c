package dev.clockwork.schedule.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

/**
 * The schedules module's packages do not depend on each other in cycles: neither its sub-packages
 * among themselves nor through the root package ({@code dev.clockwork.schedule}, where {@code
 * Schedules} lives), so the front cannot be imported back by what it is built from.
 */
class PackageCyclesTest {
  private static final String ROOT = "dev.clockwork.schedule";

  private static final JavaClasses SCHEDULES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages(ROOT);

  /** One slice per package, the root included. */
  private static final SliceAssignment BY_PACKAGE =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
          String name = javaClass.getPackageName();
          if (!name.equals(ROOT) && !name.startsWith(ROOT + ".")) {
            return SliceIdentifier.ignore();
          }
          return SliceIdentifier.of(
              name.equals(ROOT) ? "(root)" : name.substring(ROOT.length() + 1));
        }

        @Override
        public String getDescription() {
          return "every package of " + ROOT;
        }
      };

  @Test
  void subPackagesAreFreeOfCycles() {
    slices().matching("dev.clockwork.schedule.(**)").should().beFreeOfCycles().check(SCHEDULES);
  }

  @Test
  void packagesDoNotDependOnEachOtherInCyclesThroughTheRoot() {
    slices().assignedFrom(BY_PACKAGE).should().beFreeOfCycles().check(SCHEDULES);
  }
}
