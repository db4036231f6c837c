package dev.clockwork.cli.output;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A plain-text table for people: a header, aligned columns, one row per line. */
public final class Table {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  public Table(String... header) {
    this.header = Arrays.asList(header);
  }

  public Table row(Object... cells) {
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

  public void print(PrintWriter out) {
    int[] widths = widths();
    line(out, header, widths);
    for (List<String> row : rows) {
      line(out, row, widths);
    }
    out.flush();
  }

  /** Prints the table framed with box-drawing lines, as the queue seed's CLI does. */
  public void printBoxed(PrintWriter out) {
    int[] widths = widths();
    out.println(border('┌', '┬', '┐', widths));
    boxedLine(out, header, widths);
    out.println(border('├', '┼', '┤', widths));
    for (List<String> row : rows) {
      boxedLine(out, row, widths);
    }
    out.println(border('└', '┴', '┘', widths));
    out.flush();
  }

  private int[] widths() {
    int[] widths = new int[header.size()];
    for (int c = 0; c < widths.length; c++) {
      widths[c] = header.get(c).length();
      for (List<String> row : rows) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    return widths;
  }

  private static String border(char left, char middle, char right, int[] widths) {
    StringBuilder line = new StringBuilder().append(left);
    for (int c = 0; c < widths.length; c++) {
      line.append("─".repeat(widths[c] + 2)).append(c < widths.length - 1 ? middle : right);
    }
    return line.toString();
  }

  private static void boxedLine(PrintWriter out, List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder("│");
    for (int c = 0; c < cells.size(); c++) {
      line.append(' ')
          .append(cells.get(c))
          .append(" ".repeat(widths[c] - cells.get(c).length() + 1))
          .append('│');
    }
    out.println(line);
  }

  private static void line(PrintWriter out, List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.size(); c++) {
      String cell = cells.get(c);
      line.append(cell);
      if (c < cells.size() - 1) {
        line.append(" ".repeat(widths[c] - cell.length() + 2));
      }
    }
    out.println(line.toString().stripTrailing());
  }
}
