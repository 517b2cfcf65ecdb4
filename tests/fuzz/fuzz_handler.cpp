// libFuzzer target: the whole CGI request handler (query parsing, normalisation, ETag, limits,
// solving; drawing on request) on arbitrary input. Input layout: the first byte picks the
// method (its value mod 4: '0' GET, '1' HEAD, '2' POST, '3' none), the rest up to the first
// newline is QUERY_STRING, anything after it is If-None-Match. Seeds: tests/fuzz/corpus/handler.
// Drawing for real as well: SLIDEGIF_FUZZ_RENDER=1. How to build and run: tests/fuzz/README.md.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "app/files/font_locator.hpp"
#include "cgi/handler.hpp"
#include "cgi/query.hpp"
#include "cgi/request.hpp"
#include "slidegif/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static constexpr const char* kMethods[] = {"GET", "HEAD", "POST", ""};
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::size_t newline = rest.find('\n');

  slidegif::cgi::Environment env{{"REQUEST_METHOD", kMethods[data[0] % 4]},
                                 {"QUERY_STRING", std::string(rest.substr(0, newline))}};
  if (newline != std::string_view::npos) {
    env.emplace("HTTP_IF_NONE_MATCH", std::string(rest.substr(newline + 1)));
  }

  // The parser alone must only ever fail with slidegif::Error.
  try {
    slidegif::cgi::parse_job(slidegif::cgi::parse_query(env["QUERY_STRING"]));
  } catch (const slidegif::Error&) {
  }

  // A much smaller search budget than the server's keeps each run short (a hard 4x4 took a
  // second, most of the time spent in the fallback): the code paths are the same, and the
  // fallback is taken more often.
  slidegif::cgi::HandlerConfig config;
  // Read once: reading the file for every request was most of a run's time.
  static const slidegif::Font font = slidegif::load_font(SLIDEGIF_FONT);
  config.services.font = [] { return font; };
  config.services.entropy = [] { return std::uint64_t{12345}; };
  config.limits.solve.max_seconds = 0.5;
  config.limits.solve.max_nodes = 20'000;
  config.limits.solve.fallback_seconds = 0.02;
  // Drawing is ~100 times slower than the rest of the handler and has its own tests; the
  // stand-in keeps this target on the request logic. SLIDEGIF_FUZZ_RENDER=1 draws for real.
  static const bool draw = std::getenv("SLIDEGIF_FUZZ_RENDER") != nullptr;
  if (!draw) {
    config.services.render = [](const slidegif::Board&, const std::vector<slidegif::Move>& moves,
                                const slidegif::AnimationOptions&) {
      slidegif::Animation a;
      a.bytes = {'G', 'I', 'F', '8', '9', 'a'};
      a.frames = static_cast<int>(moves.size()) + 1;
      return a;
    };
  }
  const auto response = slidegif::cgi::handle_request(env, config);
  // Bad input from a client is never a server error.
  if (response.status >= 500 && response.status != 503) __builtin_trap();
  return 0;
}
