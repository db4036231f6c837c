package dev.clockwork.core;

/**
 * A machine definition (or a part of one, such as a timer) is wrong. Thrown when the definition is
 * built, never when it runs. The message names where the problem is ({@link #path()}, for example
 * {@code order.awaiting_payment.on.ORDER_EXPIRED}) and what to write instead.
 */
public class InvalidDefinitionException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  private final String path;

  public InvalidDefinitionException(String path, String message) {
    super(path == null || path.isEmpty() ? message : path + ": " + message);
    this.path = path == null ? "" : path;
  }

  /** Where in the definition the problem is; empty when the part was built outside a machine. */
  public String path() {
    return path;
  }

  /** The same problem, located at {@code path}; used when a part is checked inside a machine. */
  public InvalidDefinitionException at(String newPath) {
    return new InvalidDefinitionException(newPath, problem());
  }

  /** The message without the path prefix. */
  public String problem() {
    String message = getMessage();
    return path.isEmpty() ? message : message.substring(path.length() + 2);
  }
}
