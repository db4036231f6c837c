package dev.clockwork.definition.tree;

/**
 * Where a node starts in the source text; lines and columns count from 1.
 *
 * @param line the line, or 0 when unknown
 * @param column the column, or 0 when unknown
 */
public record Location(int line, int column) {
  /** A location for text whose position is unknown. */
  public static final Location UNKNOWN = new Location(0, 0);

  @Override
  public String toString() {
    return line + ":" + column;
  }
}
