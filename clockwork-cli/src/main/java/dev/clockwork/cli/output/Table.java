package dev.clockwork.cli.output;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The one text table of the CLI and the benchmarks: a header and rows of aligned columns, printed
 * plain for people, framed with box-drawing lines as the queue seed's CLI does, or as Markdown with
 * padded columns (which reads the same in a terminal and in a .md file). A column whose header
 * starts with {@code >} is right-aligned (the {@code >} is dropped).
 */
public final class Table {
  private final List<String> header = new ArrayList<>();
  private final boolean[] rightAligned;
  private final List<List<String>> rows = new ArrayList<>();

  public Table(String... header) {
    rightAligned = new boolean[header.length];
    for (int c = 0; c < header.length; c++) {
      rightAligned[c] = header[c].startsWith(">");
      this.header.add(rightAligned[c] ? header[c].substring(1) : header[c]);
    }
  }

  /** Adds a row of one cell per column; a null cell reads {@code -}. */
  public Table row(Object... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException(
          "a row of " + cells.length + " cells for a table of " + header.size() + " columns");
    }
    List<String> row = new ArrayList<>(cells.length);
    for (Object cell : cells) {
      row.add(cell == null ? "-" : String.valueOf(cell));
    }
    rows.add(row);
    return this;
  }

  public boolean isEmpty() {
    return rows.isEmpty();
  }

  /** Prints the header and the rows in columns two spaces apart. */
  public void print(PrintWriter out) {
    int[] widths = widths(0);
    out.println(line(header, widths, "", "  ", "").stripTrailing());
    for (List<String> row : rows) {
      out.println(line(row, widths, "", "  ", "").stripTrailing());
    }
    out.flush();
  }

  /** Prints the table framed with box-drawing lines. */
  public void printBoxed(PrintWriter out) {
    int[] widths = widths(0);
    out.println(border('┌', '┬', '┐', widths));
    out.println(line(header, widths, "│ ", " │ ", " │"));
    out.println(border('├', '┼', '┤', widths));
    for (List<String> row : rows) {
      out.println(line(row, widths, "│ ", " │ ", " │"));
    }
    out.println(border('└', '┴', '┘', widths));
    out.flush();
  }

  /** The table as Markdown, columns padded to at least three characters. */
  public String markdown() {
    int[] widths = widths(3);
    List<String> rule = new ArrayList<>(widths.length);
    for (int c = 0; c < widths.length; c++) {
      rule.add("-".repeat(widths[c] - 1) + (rightAligned[c] ? ":" : "-"));
    }
    StringBuilder out = new StringBuilder();
    out.append(line(header, widths, "| ", " | ", " |")).append('\n');
    out.append(line(rule, widths, "| ", " | ", " |")).append('\n');
    for (List<String> row : rows) {
      out.append(line(row, widths, "| ", " | ", " |")).append('\n');
    }
    return out.toString();
  }

  private int[] widths(int least) {
    int[] widths = new int[header.size()];
    for (int c = 0; c < widths.length; c++) {
      widths[c] = Math.max(least, header.get(c).length());
      for (List<String> row : rows) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    return widths;
  }

  private String line(List<String> cells, int[] widths, String open, String gap, String close) {
    StringBuilder line = new StringBuilder(open);
    for (int c = 0; c < cells.size(); c++) {
      String cell = cells.get(c);
      String pad = " ".repeat(widths[c] - cell.length());
      line.append(rightAligned[c] ? pad + cell : cell + pad);
      line.append(c < cells.size() - 1 ? gap : close);
    }
    return line.toString();
  }

  private static String border(char left, char middle, char right, int[] widths) {
    StringBuilder line = new StringBuilder().append(left);
    for (int c = 0; c < widths.length; c++) {
      line.append("─".repeat(widths[c] + 2)).append(c < widths.length - 1 ? middle : right);
    }
    return line.toString();
  }
}
