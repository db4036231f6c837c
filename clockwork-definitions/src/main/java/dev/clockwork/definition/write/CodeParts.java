package dev.clockwork.definition.write;

import java.util.ArrayList;
import java.util.List;

/**
 * What the writer does with a part of a machine that is code — a lambda guard, action or timer
 * value, an event validator, a computed child input — and so has no data form. Written for a
 * reader, it is refused, naming the fix. Written to be deployed, it is marked: it becomes the name
 * {@code code:<path>} (where a name can stand) and is listed under {@code requires}, so a node
 * without the machine's code reads the document to show it, and knows it cannot run it.
 */
final class CodeParts {
  /** What every mark starts with. */
  static final String MARK = "code:";

  private final boolean marking;
  private final List<String> marks = new ArrayList<>();

  private CodeParts(boolean marking) {
    this.marking = marking;
  }

  static CodeParts refused() {
    return new CodeParts(false);
  }

  static CodeParts marked() {
    return new CodeParts(true);
  }

  /**
   * The mark of the part at {@code where}.
   *
   * @throws DefinitionExportException with {@code problem} when parts are refused
   */
  String mark(String where, String problem) {
    if (!marking) {
      throw new DefinitionExportException(where, problem);
    }
    String mark = MARK + where;
    for (int n = 2; marks.contains(mark); n++) {
      mark = MARK + where + "#" + n;
    }
    marks.add(mark);
    return mark;
  }

  /** The marks given so far, in order. */
  List<String> marks() {
    return List.copyOf(marks);
  }
}
