package dev.clockwork.bench.scaleout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.bench.report.Target;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScaleoutTablesTest {

  private static ScaleoutRun.Result result(int nodes, long statements, long rowsScanned) {
    return new ScaleoutRun.Result(
        nodes,
        1_000,
        100,
        1.0,
        10,
        100L * nodes,
        new ServerCounters(statements, rowsScanned),
        0,
        "OK");
  }

  @Test
  void theDatabasesWorkPerEventIsJudgedByTheRowsItReadsAsWellAsItsStatements() {
    // 8 nodes: as many statements per event as 1 node, but 4.5 times the rows scanned
    List<Target> targets =
        ScaleoutTables.section(List.of(result(1, 5_000, 27_000), result(8, 5_000, 121_500)))
            .targets();

    assertThat(targets)
        .extracting(Target::measure, Target::pass)
        .contains(
            tuple("statements per event, 8 nodes vs 1", true),
            tuple("rows scanned per event, 8 nodes vs 1", false));
  }
}
