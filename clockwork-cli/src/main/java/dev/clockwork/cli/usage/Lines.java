package dev.clockwork.cli.usage;

import java.util.ArrayList;
import java.util.List;

/**
 * Wraps text at spaces only, never inside a word: picocli breaks where a line may break in prose,
 * which splits {@code 2026-12-24T09:00:00Z} after a colon and {@code .jsonl.gz} after a dot.
 */
final class Lines {
  private Lines() {}

  /**
   * {@code text} in lines of at most {@code first}, then {@code rest}, characters (a longer word
   * stands alone).
   */
  static List<String> wrap(String text, int first, int rest) {
    return pack(List.of(text.trim().split("\\s+")), first, rest);
  }

  /**
   * A synopsis ({@code clockwork server [-hV] [--password[=PASSWORD]] …}) in lines, broken only at
   * spaces outside brackets, so {@code [--password[=PASSWORD]]} stays whole.
   */
  static List<String> wrapSynopsis(String synopsis, int first, int rest) {
    return pack(synopsisUnits(synopsis), first, rest);
  }

  /** The length of the longest part of {@code synopsis} that is never broken. */
  static int longestSynopsisUnit(String synopsis) {
    return synopsisUnits(synopsis).stream().mapToInt(String::length).max().orElse(0);
  }

  private static List<String> synopsisUnits(String synopsis) {
    List<String> units = new ArrayList<>();
    StringBuilder unit = new StringBuilder();
    int depth = 0;
    for (char c : synopsis.trim().toCharArray()) {
      if (c == '[' || c == '(') {
        depth++;
      } else if ((c == ']' || c == ')') && depth > 0) {
        depth--;
      }
      if (c == ' ' && depth == 0) {
        if (unit.length() > 0) {
          units.add(unit.toString());
          unit.setLength(0);
        }
      } else {
        unit.append(c);
      }
    }
    if (unit.length() > 0) {
      units.add(unit.toString());
    }
    return units;
  }

  private static List<String> pack(List<String> words, int first, int rest) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : words) {
      if (word.isEmpty()) {
        continue;
      }
      int limit = lines.isEmpty() ? first : rest;
      if (line.length() > 0 && line.length() + 1 + word.length() > limit) {
        lines.add(line.toString());
        line.setLength(0);
      }
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(word);
    }
    if (line.length() > 0 || lines.isEmpty()) {
      lines.add(line.toString());
    }
    return lines;
  }
}
