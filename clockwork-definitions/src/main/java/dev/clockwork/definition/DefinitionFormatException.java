package dev.clockwork.definition;

import dev.clockwork.core.InvalidDefinitionException;

/**
 * A machine file is wrong: its message reads {@code order.yaml:12:7:
 * order.awaiting_payment.on.EXPIRE: <problem and fix>}, and each part is available on its own.
 */
public final class DefinitionFormatException extends InvalidDefinitionException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final int line;
  private final int column;
  private final String problem;

  /** A mistake known by its path alone (no line and column), e.g. in an imported XState machine. */
  public DefinitionFormatException(String source, String path, String problem) {
    this(source, 0, 0, path, problem);
  }

  DefinitionFormatException(String source, int line, int column, String path, String problem) {
    super(path, problem);
    this.source = source;
    this.line = line;
    this.column = column;
    this.problem = problem;
  }

  /** The name the caller gave the text, usually its file name. */
  public String source() {
    return source;
  }

  /** The line of the mistake, counted from 1; 0 when unknown. */
  public int line() {
    return line;
  }

  /** The column of the mistake, counted from 1; 0 when unknown. */
  public int column() {
    return column;
  }

  @Override
  public String problem() {
    return problem;
  }

  @Override
  public String getMessage() {
    String where = line > 0 ? source + ":" + line + ":" + column : source;
    return where + ": " + super.getMessage();
  }
}
