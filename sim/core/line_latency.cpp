#include <sim/core/line_latency.h>

#include <algorithm>
#include <cmath>

namespace anesim {

std::array<uint64_t, kLineStages + 1> boundaries(const LineStamps& s, uint64_t retired) {
  return {s.requested, s.sent, s.arrived, s.command, s.data, s.delivered, retired};
}

void LatencyHistogram::add_slow(uint64_t cycles) {
  if (cycles < kExactBins) {
    // Grow in powers of two so that a run's bins settle after a few lines.
    size_t size = exact_.size();
    while (size <= cycles) {
      size *= 2;
    }
    exact_.resize(size, 0);
    ++exact_[cycles];
    return;
  }
  size_t b = 0;
  while ((cycles >> (b + 1)) != 0) {
    ++b;
  }
  ++log2_[b];
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  if (exact_.size() < other.exact_.size()) {
    exact_.resize(other.exact_.size(), 0);
  }
  for (size_t i = 0; i < other.exact_.size(); ++i) {
    exact_[i] += other.exact_[i];
  }
  for (size_t b = 0; b < log2_.size(); ++b) {
    log2_[b] += other.log2_[b];
  }
}

uint64_t LatencyHistogram::count() const {
  uint64_t n = 0;
  for (uint64_t c : exact_) {
    n += c;
  }
  for (uint64_t c : log2_) {
    n += c;
  }
  return n;
}

std::vector<std::pair<uint64_t, uint64_t>> LatencyHistogram::bins() const {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  for (size_t i = 0; i < exact_.size(); ++i) {
    if (exact_[i] != 0) {
      out.emplace_back(i, exact_[i]);
    }
  }
  for (size_t b = 0; b < log2_.size(); ++b) {
    if (log2_[b] != 0) {
      out.emplace_back(uint64_t{1} << b, log2_[b]);
    }
  }
  return out;
}

uint64_t LatencyHistogram::quantile(double q) const {
  const uint64_t n = count();
  if (n == 0) {
    return 0;
  }
  const uint64_t rank = std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(q * double(n))));
  uint64_t seen = 0;
  for (const auto& [cycles, lines] : bins()) {
    seen += lines;
    if (seen >= rank) {
      return cycles;
    }
  }
  return bins().back().first;
}

void LatencyStats::merge(const LatencyStats& other) {
  for (auto [mine, theirs] :
       {std::pair{&prefetch, &other.prefetch}, std::pair{&demand, &other.demand}}) {
    mine->lines += theirs->lines;
    mine->total_cycles += theirs->total_cycles;
    for (size_t i = 0; i < kLineStages; ++i) {
      mine->stage_cycles[i] += theirs->stage_cycles[i];
    }
    mine->histogram.merge(theirs->histogram);
  }
}

}  // namespace anesim
