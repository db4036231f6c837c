package dev.clockwork.definition.xstate;

/** A mistake at a JSON path of the machine, turned into a DefinitionFormatException. */
final class XStateProblem extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String path;

  XStateProblem(String path, String problem) {
    super(problem);
    this.path = path;
  }

  String path() {
    return path;
  }
}
