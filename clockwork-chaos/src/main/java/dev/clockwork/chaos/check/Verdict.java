package dev.clockwork.chaos.check;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The counts per invariant, with a few examples of each violation; printed as a table. */
public final class Verdict {
  private static final int EXAMPLES = 5;

  /** One invariant's count. */
  public static final class Row {
    private final String id;
    private final String what;
    private long checked;
    private long violations;
    private final List<String> examples = new ArrayList<>();

    Row(String id, String what) {
      this.id = id;
      this.what = what;
    }

    void checked() {
      checked++;
    }

    void violation(String example) {
      violations++;
      if (examples.size() < EXAMPLES) {
        examples.add(example);
      }
    }

    public String id() {
      return id;
    }

    public long checkedCount() {
      return checked;
    }

    public long violations() {
      return violations;
    }

    public List<String> examples() {
      return List.copyOf(examples);
    }
  }

  private final Map<String, Row> rows = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();

  /** A line printed under the table: a figure that is not a count of violations. */
  void note(String line) {
    notes.add(line);
  }

  public List<String> notes() {
    return List.copyOf(notes);
  }

  Row row(String id, String what) {
    return rows.computeIfAbsent(id, k -> new Row(id, what));
  }

  /** The row of invariant {@code id} (as printed, e.g. {@code I2 twice}). */
  public Row get(String id) {
    Row row = rows.get(id);
    if (row == null) {
      throw new IllegalArgumentException("no invariant '" + id + "'; rows: " + rows.keySet());
    }
    return row;
  }

  public List<Row> rows() {
    return List.copyOf(rows.values());
  }

  /** True when no invariant broke. */
  public boolean holds() {
    return rows.values().stream().allMatch(r -> r.violations == 0);
  }

  public void print(PrintStream out) {
    out.printf("%-14s %-58s %9s %10s%n", "invariant", "what", "checked", "violations");
    for (Row row : rows.values()) {
      out.printf(
          "%-14s %-58s %9d %10d%s%n",
          row.id, row.what, row.checked, row.violations, row.violations > 0 ? "  <- BROKEN" : "");
    }
    for (Row row : rows.values()) {
      for (String example : row.examples) {
        out.println("  " + row.id + ": " + example);
      }
    }
    notes.forEach(out::println);
    out.println(holds() ? "all invariants hold" : "INVARIANTS BROKEN");
  }
}
