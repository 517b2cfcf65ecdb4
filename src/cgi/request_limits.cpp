#include "cgi/request_limits.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <type_traits>

namespace slidegif::cgi {

namespace {

// One settable limit. `Field` is a captureless generic lambda from the limits (const or not)
// to the field, so one table row says where the value lives, whatever its type.
struct Limit {
  const char* name;
  const char* meaning;
  double min, max;  // what the programs can do: the command line's own bounds, at most
  bool whole;
  double (*get)(const RequestLimits&);
  void (*set)(RequestLimits&, double);
};

template <typename Field>
Limit limit(const char* name, const char* meaning, double min, double max, Field) {
  using T = std::remove_cvref_t<decltype(Field{}(std::declval<RequestLimits&>()))>;
  return {name,
          meaning,
          min,
          max,
          std::is_integral_v<T>,
          [](const RequestLimits& l) { return static_cast<double>(Field{}(l)); },
          [](RequestLimits& l, double v) { Field{}(l) = static_cast<T>(v); }};
}

const std::vector<Limit>& limits_table() {
  static const RenderLimits cli;  // the command line's bounds, the most any server may allow
  static const std::vector<Limit> table{
      limit(
          "query-bytes", "longest query string, in bytes", 256, 1 << 20,
          [](auto& l) -> auto& { return l.max_query_bytes; }),
      limit(
          "search-seconds", "a request's search, in seconds of wall time", 0.01, 60,
          [](auto& l) -> auto& { return l.solve.max_seconds; }),
      limit(
          "search-nodes", "an optimal search, in nodes expanded", 1000, 1e11,
          [](auto& l) -> auto& { return l.solve.max_nodes; }),
      limit(
          "fallback-seconds", "of the search seconds, the near-optimal search's share", 0.01, 60,
          [](auto& l) -> auto& { return l.solve.fallback_seconds; }),
      limit(
          "max-tile", "largest tile, in pixels", 16, cli.max_tile_px,
          [](auto& l) -> auto& { return l.render.max_tile_px; }),
      limit(
          "max-tween", "most sliding frames a move", 0, cli.max_tween,
          [](auto& l) -> auto& { return l.render.max_tween; }),
      limit(
          "max-frames", "most frames an animation", 1, cli.max_frames,
          [](auto& l) -> auto& { return l.render.max_frames; }),
      limit(
          "max-frame-pixels", "largest board in a frame, in pixels", 256,
          static_cast<double>(cli.max_frame_pixels),
          [](auto& l) -> auto& { return l.render.max_frame_pixels; }),
      limit(
          "max-total-pixels", "board pixels of all frames of an image", 256,
          static_cast<double>(cli.max_total_pixels),
          [](auto& l) -> auto& { return l.render.max_total_pixels; }),
      limit(
          "max-video-pixels", "board pixels of all frames of a video", 256,
          static_cast<double>(cli.max_video_pixels),
          [](auto& l) -> auto& { return l.render.max_video_pixels; }),
      limit(
          "max-title-bytes", "longest title, in bytes", 0, static_cast<double>(cli.max_title_bytes),
          [](auto& l) -> auto& { return l.render.max_title_bytes; }),
      limit(
          "max-picture-bytes", "largest picture file named by picture=, in bytes", 1024,
          static_cast<double>(cli.max_picture_bytes),
          [](auto& l) -> auto& { return l.render.max_picture_bytes; }),
      limit(
          "max-picture-pixels", "largest picture named by picture=, in pixels", 256,
          static_cast<double>(cli.max_picture_pixels),
          [](auto& l) -> auto& { return l.render.max_picture_pixels; }),
      limit(
          "cpu-seconds", "CPU seconds a process may use, a backstop: past them it is killed", 1,
          3600, [](auto& l) -> auto& { return l.cpu_seconds; }),
  };
  return table;
}

std::string value_text(const Limit& l, double v) {
  return l.whole ? fmt::format("{}", static_cast<long long>(v)) : fmt::format("{}", v);
}

// One "NAME=VALUE" into `limits`, or what is wrong with it.
std::string set_one(RequestLimits& limits, std::string_view item) {
  const auto eq = item.find('=');
  if (eq == std::string_view::npos) return fmt::format("'{}' is not NAME=VALUE", item);
  const std::string_view name = item.substr(0, eq), text = item.substr(eq + 1);
  for (const Limit& l : limits_table()) {
    if (name != l.name) continue;
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v) ||
        (l.whole && v != std::floor(v))) {
      return fmt::format("{}={}: not a{} number", name, text, l.whole ? " whole" : "");
    }
    if (v < l.min || v > l.max) {
      return fmt::format("{}={}: must be from {} to {}", name, text, value_text(l, l.min),
                         value_text(l, l.max));
    }
    l.set(limits, v);
    return {};
  }
  return fmt::format("no limit is called '{}'", name);
}

}  // namespace

std::vector<LimitInfo> describe_limits(const RequestLimits& limits) {
  std::vector<LimitInfo> out;
  for (const Limit& l : limits_table()) {
    out.push_back({l.name, l.meaning, value_text(l, l.get(limits))});
  }
  return out;
}

std::string set_limits(RequestLimits& limits, std::string_view spec) {
  RequestLimits changed = limits;
  while (!spec.empty()) {
    const auto comma = spec.find(',');
    const std::string_view item = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
    if (item.empty()) continue;
    if (std::string problem = set_one(changed, item); !problem.empty()) return problem;
  }
  // The search is bounded by its budget, the process by its CPU time: the budget must come
  // first, or a hard puzzle kills the process instead of getting its 503 or near answer.
  if (changed.solve.max_seconds + 1 > changed.cpu_seconds) {
    return fmt::format("search-seconds={} needs cpu-seconds over {} (it is {})",
                       changed.solve.max_seconds, changed.solve.max_seconds + 1,
                       changed.cpu_seconds);
  }
  limits = changed;
  return {};
}

}  // namespace slidegif::cgi
