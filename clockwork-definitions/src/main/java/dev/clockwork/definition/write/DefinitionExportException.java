package dev.clockwork.definition.write;

/**
 * A definition cannot be written as data: it holds a behaviour given as a lambda, which has no
 * name. The message names the path and the fix.
 */
public final class DefinitionExportException extends RuntimeException {
  private final String path;

  public DefinitionExportException(String path, String problem) {
    super(path + ": " + problem);
    this.path = path;
  }

  /** Where in the definition the unwritable behaviour is, e.g. {@code order.paid.entry}. */
  public String path() {
    return path;
  }
}
