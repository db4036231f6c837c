package dev.clockwork.spring.boot.store;

/** The start stopped because the store could not be chosen as configured; says what to do. */
public final class StoreChoiceException extends IllegalStateException {
  private final String problem;
  private final String fix;

  StoreChoiceException(String problem, String fix) {
    super(problem + ": " + fix);
    this.problem = problem;
    this.fix = fix;
  }

  public String problem() {
    return problem;
  }

  public String fix() {
    return fix;
  }
}
