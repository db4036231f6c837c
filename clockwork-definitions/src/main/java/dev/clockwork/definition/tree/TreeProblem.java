package dev.clockwork.definition.tree;

/**
 * A mistake in a definition file, found while reading it: where it is in the text, the state path
 * it belongs to (empty when the text cannot be parsed at all) and what to write instead.
 */
public final class TreeProblem extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Location location;
  private final String path;

  public TreeProblem(Location location, String path, String message) {
    super(message);
    this.location = location;
    this.path = path == null ? "" : path;
  }

  public Location location() {
    return location;
  }

  public String path() {
    return path;
  }
}
