package dev.clockwork.bench.queues;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A variant measured against its baseline over the same rounds (round i of each ran back to back,
 * so drifting load on the machine hits both alike): the median of each, their ratio, the spread of
 * the round-by-round ratios, and whether the ratio of the medians reaches the target.
 *
 * @param baseline the baseline's figure of each measured round (higher is better)
 * @param variant the variant's figure of the same rounds
 * @param minimumRatio the target: variant median ÷ baseline median at least this
 */
record Comparison(List<Double> baseline, List<Double> variant, double minimumRatio) {
  Comparison {
    if (baseline.isEmpty() || baseline.size() != variant.size()) {
      throw new IllegalArgumentException(
          "need as many variant rounds as baseline rounds, at least one: "
              + baseline.size()
              + " vs "
              + variant.size());
    }
    baseline = List.copyOf(baseline);
    variant = List.copyOf(variant);
  }

  double baselineMedian() {
    return median(baseline);
  }

  double variantMedian() {
    return median(variant);
  }

  /** Variant median ÷ baseline median. */
  double ratio() {
    return variantMedian() / baselineMedian();
  }

  /** The lowest and highest ratio of one round's variant to the same round's baseline. */
  double[] roundRatioRange() {
    double low = Double.POSITIVE_INFINITY;
    double high = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < baseline.size(); i++) {
      double r = variant.get(i) / baseline.get(i);
      low = Math.min(low, r);
      high = Math.max(high, r);
    }
    return new double[] {low, high};
  }

  boolean pass() {
    return ratio() >= minimumRatio;
  }

  /** "0.93 (rounds 0.88–0.97)". */
  String describeRatio() {
    double[] range = roundRatioRange();
    return String.format(Locale.ROOT, "%.3f (rounds %.2f–%.2f)", ratio(), range[0], range[1]);
  }

  /** The middle value; the mean of the two middle ones for an even count. */
  static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
}
