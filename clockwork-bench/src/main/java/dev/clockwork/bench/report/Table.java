package dev.clockwork.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The one table renderer of the benchmarks: Markdown with padded columns, so it reads the same in a
 * terminal and in a .md file.
 */
public final class Table {
  private final List<String[]> rows = new ArrayList<>();
  private final boolean[] rightAligned;

  /** Columns whose header starts with '>' are right-aligned (the '>' is dropped). */
  public Table(String... header) {
    rightAligned = new boolean[header.length];
    String[] names = new String[header.length];
    for (int i = 0; i < header.length; i++) {
      rightAligned[i] = header[i].startsWith(">");
      names[i] = rightAligned[i] ? header[i].substring(1) : header[i];
    }
    rows.add(names);
  }

  public Table row(String... cells) {
    if (cells.length != rightAligned.length) {
      throw new IllegalArgumentException("expected " + rightAligned.length + " cells");
    }
    rows.add(cells);
    return this;
  }

  public String render() {
    int[] widths = new int[rightAligned.length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(Math.max(widths[i], row[i].length()), 3);
      }
    }
    StringBuilder out = new StringBuilder();
    line(out, rows.get(0), widths);
    String[] rule = new String[widths.length];
    for (int i = 0; i < widths.length; i++) {
      char[] dashes = new char[widths[i]];
      Arrays.fill(dashes, '-');
      if (rightAligned[i]) {
        dashes[widths[i] - 1] = ':';
      }
      rule[i] = new String(dashes);
    }
    line(out, rule, widths);
    for (String[] row : rows.subList(1, rows.size())) {
      line(out, row, widths);
    }
    return out.toString();
  }

  private void line(StringBuilder out, String[] cells, int[] widths) {
    out.append('|');
    for (int i = 0; i < cells.length; i++) {
      String pad = " ".repeat(widths[i] - cells[i].length());
      out.append(' ').append(rightAligned[i] ? pad + cells[i] : cells[i] + pad).append(" |");
    }
    out.append('\n');
  }
}
