package dev.clockwork.bench.report;

/**
 * One machine measured in paired rounds (Clockwork and squirrel-foundation alternating on one
 * thread, each round timed by its CPU clock).
 *
 * @param label the machine, as the other tables name it
 * @param clockworkNanos Clockwork's CPU time per event, median over the rounds
 * @param squirrelNanos squirrel's CPU time per event, median over the rounds
 * @param ratio squirrel ÷ Clockwork, the median of the round pairs' ratios
 * @param lowQuartile the pairs' ratios' first quartile
 * @param highQuartile their third quartile
 */
public record PairedResult(
    String label,
    double clockworkNanos,
    double squirrelNanos,
    double ratio,
    double lowQuartile,
    double highQuartile) {}
