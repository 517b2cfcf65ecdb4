#include "fcgi/metrics.hpp"

#include <fmt/format.h>
#include <sys/mman.h>

#include <new>

#include "slidegif/format.hpp"

namespace slidegif::fcgi {
namespace {

std::size_t status_slot(int status) {
  for (std::size_t i = 0; i < kCountedStatuses.size(); ++i) {
    if (kCountedStatuses[i] == status) return i;
  }
  return kCountedStatuses.size();
}

std::size_t format_slot(std::string_view content_type) {
  for (std::size_t i = 0; i < std::size(kOutputFormats); ++i) {
    if (kOutputFormats[i].mime_type == content_type) return i;
  }
  return std::size(kOutputFormats);
}

std::string_view format_label(std::size_t slot) {
  return slot < std::size(kOutputFormats) ? kOutputFormats[slot].name : "none";
}

}  // namespace

void ServerMetrics::record(int status, std::string_view content_type, double seconds,
                           std::size_t bytes) {
  requests[status_slot(status)][format_slot(content_type)].fetch_add(1, std::memory_order_relaxed);
  std::size_t bucket = 0;
  while (bucket < kDurationBuckets.size() && seconds > kDurationBuckets[bucket]) ++bucket;
  duration_buckets[bucket].fetch_add(1, std::memory_order_relaxed);
  duration_microseconds.fetch_add(static_cast<std::uint64_t>(seconds * 1e6),
                                  std::memory_order_relaxed);
  bytes_sent.fetch_add(bytes, std::memory_order_relaxed);
}

int ServerMetrics::in_flight() const {
  int n = 0;
  for (const auto& d : drawing) n += d.load(std::memory_order_relaxed);
  return n;
}

ServerMetrics* map_server_metrics() {
  void* p = mmap(nullptr, sizeof(ServerMetrics), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                 -1, 0);
  if (p == MAP_FAILED) return nullptr;
  return new (p) ServerMetrics();  // never unmapped: it lives as long as the pool
}

std::string prometheus_text(const ServerMetrics& m) {
  std::string out;
  const auto line = [&out]<class... A>(fmt::format_string<A...> f, A&&... args) {
    fmt::format_to(std::back_inserter(out), f, std::forward<A>(args)...);
    out += '\n';
  };
  line("# HELP slidegif_requests_total Requests answered, by status and format.");
  line("# TYPE slidegif_requests_total counter");
  for (std::size_t s = 0; s <= kCountedStatuses.size(); ++s) {
    const std::string status =
        s < kCountedStatuses.size() ? std::to_string(kCountedStatuses[s]) : "other";
    for (std::size_t f = 0; f < std::size(m.requests[s]); ++f) {
      const std::uint64_t n = m.requests[s][f].load(std::memory_order_relaxed);
      if (n > 0) {
        line("slidegif_requests_total{{status=\"{}\",format=\"{}\"}} {}", status, format_label(f),
             n);
      }
    }
  }
  line(
      "# HELP slidegif_request_duration_seconds Time from a request's arrival at a worker to "
      "its answer.");
  line("# TYPE slidegif_request_duration_seconds histogram");
  std::uint64_t cumulative = 0;
  for (std::size_t b = 0; b <= kDurationBuckets.size(); ++b) {
    cumulative += m.duration_buckets[b].load(std::memory_order_relaxed);
    if (b < kDurationBuckets.size()) {
      line("slidegif_request_duration_seconds_bucket{{le=\"{}\"}} {}", kDurationBuckets[b],
           cumulative);
    } else {
      line("slidegif_request_duration_seconds_bucket{{le=\"+Inf\"}} {}", cumulative);
    }
  }
  line("slidegif_request_duration_seconds_sum {}",
       static_cast<double>(m.duration_microseconds.load(std::memory_order_relaxed)) / 1e6);
  line("slidegif_request_duration_seconds_count {}", cumulative);
  line("# HELP slidegif_sent_bytes_total Bytes of answers' bodies sent.");
  line("# TYPE slidegif_sent_bytes_total counter");
  line("slidegif_sent_bytes_total {}", m.bytes_sent.load(std::memory_order_relaxed));
  line(
      "# HELP slidegif_refused_busy_total Requests answered 503 because --max-busy workers "
      "were drawing.");
  line("# TYPE slidegif_refused_busy_total counter");
  line("slidegif_refused_busy_total {}", m.refused_busy.load(std::memory_order_relaxed));
  line(
      "# HELP slidegif_cut_off_total Requests left unanswered because their worker died (past "
      "its CPU or wall-clock backstop); the pool replaced it.");
  line("# TYPE slidegif_cut_off_total counter");
  line("slidegif_cut_off_total {}", m.cut_off.load(std::memory_order_relaxed));
  line("# HELP slidegif_in_flight Requests being answered now.");
  line("# TYPE slidegif_in_flight gauge");
  line("slidegif_in_flight {}", m.in_flight());
  return out;
}

}  // namespace slidegif::fcgi
