#pragma once
// What the pool's workers did, counted in memory the pool maps before it forks them, so that any
// worker can answer for all: requests by status and format, how long they took, bytes sent, and
// which workers are drawing now. Read as Prometheus text (/metrics).
//
//   ServerMetrics* m = map_server_metrics();            // before fork
//   m->record(200, "image/webp", 0.012, 98765);         // after each answer
//   std::string text = prometheus_text(*m);

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "slidegif/format.hpp"

namespace slidegif::fcgi {

// The most workers a pool runs (--workers, --max-busy): the metrics keep a slot for each.
inline constexpr int kMaxWorkers = 256;
// Upper bounds of the duration histogram's buckets, in seconds (the last is +Inf).
inline constexpr std::array<double, 10> kDurationBuckets = {0.005, 0.01, 0.025, 0.05, 0.1,
                                                            0.25,  0.5,  1.0,   2.5,  5.0};
// Statuses counted by name; any other is counted as "other".
// 431: parameters too large to read; 499: given up by the web server before the answer.
inline constexpr std::array<int, 10> kCountedStatuses = {200, 304, 400, 403, 404,
                                                         405, 431, 499, 500, 503};

struct ServerMetrics {
  using Counter = std::atomic<std::uint64_t>;
  static_assert(Counter::is_always_lock_free, "counters shared between processes need no lock");
  // [status slot][format slot]: statuses as kCountedStatuses, then "other"; formats as
  // kOutputFormats, then "none" (a text answer).
  Counter requests[kCountedStatuses.size() + 1][std::size(kOutputFormats) + 1] = {};
  Counter duration_buckets[kDurationBuckets.size() + 1] = {};  // not cumulative; last: +Inf
  Counter duration_microseconds = 0;
  Counter bytes_sent = 0;
  Counter refused_busy = 0;  // 503s of --max-busy
  Counter cut_off = 0;       // requests whose worker died answering them (a backstop's signal)
  std::atomic<std::uint8_t> drawing[kMaxWorkers] = {};  // per worker slot: answering a request

  // Counts one answer: its status, its Content-Type, how long it took, the body's bytes.
  void record(int status, std::string_view content_type, double seconds, std::size_t bytes);
  // Workers answering a request now.
  int in_flight() const;
};

// Zeroed counters in memory shared with the processes forked afterwards; null if it cannot be
// mapped.
ServerMetrics* map_server_metrics();

// The counters in Prometheus' text format (version 0.0.4).
std::string prometheus_text(const ServerMetrics& metrics);

}  // namespace slidegif::fcgi
