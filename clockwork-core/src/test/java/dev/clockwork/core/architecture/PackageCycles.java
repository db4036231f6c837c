package dev.clockwork.core.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * The cycle rule every module runs on its own main classes (test support, published in core's
 * test-jar): no two packages under a module's root depend on each other in a loop. Every package is
 * its own slice, the root package included, so a module's front (its root package) cannot be
 * imported back by what it is built from.
 *
 * <pre>{@code
 * @Test
 * void packagesAreFreeOfCycles() {
 *   PackageCycles.check("dev.clockwork.cli");
 * }
 * }</pre>
 */
public final class PackageCycles {
  private PackageCycles() {}

  /**
   * Fails, naming the loop, when packages under {@code root} import each other in a cycle.
   *
   * @throws AssertionError also when there are no classes under {@code root} (a misspelt root would
   *     otherwise pass)
   */
  public static void check(String root) {
    JavaClasses classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(root);
    if (classes.isEmpty()) {
      throw new AssertionError(
          "no main classes under " + root + "; name the module's root package");
    }
    slices().assignedFrom(byPackage(root)).should().beFreeOfCycles().check(classes);
  }

  private static SliceAssignment byPackage(String root) {
    return new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
        String name = javaClass.getPackageName();
        if (!name.equals(root) && !name.startsWith(root + ".")) {
          return SliceIdentifier.ignore();
        }
        return SliceIdentifier.of(name.equals(root) ? "(root)" : name.substring(root.length() + 1));
      }

      @Override
      public String getDescription() {
        return "every package of " + root;
      }
    };
  }
}
