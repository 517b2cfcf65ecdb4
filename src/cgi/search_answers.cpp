#include "cgi/search_answers.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "app/explain/comparison.hpp"
#include "app/explain/explain.hpp"
#include "slidegif/error.hpp"
#include "solve/support/format.hpp"

namespace slidegif::cgi {
namespace {

[[noreturn]] void bad_search(const std::string& message) {
  throw Error(Error::Kind::BadInput, message);
}

std::optional<std::string> get(const QueryParams& query, std::string_view name) {
  std::optional<std::string> found;
  for (const auto& [k, v] : query) {
    if (k != name) continue;
    if (found) bad_search(fmt::format("{} is given twice", name));
    found = v;
  }
  return found;
}

Response json_answer(const nlohmann::json& body) {
  return json_response(body.dump() + "\n");
}

Response explain_answer(const SearchQuery& search, const app::Job& job, const Puzzle& puzzle,
                        const app::Services& services) {
  const app::ExplainRequest request{.method = search.method,
                                    .limits = {.max_seconds = kExplainSeconds,
                                               .max_expanded = kExplainNodes,
                                               .max_bytes = kSearchBytes,
                                               .stop = nullptr},
                                    .search_frames = search.frames};
  const app::Explanation e = app::explain_search(puzzle.start, puzzle.goal, request, job.animation);
  const detail::ClassicResult& r = e.trace.result;
  if (!r.solved) {
    bad_search(
        fmt::format("explain={} on this puzzle {} (the server's limits: {} expanded states, {} s); "
                    "ask for one with fewer moves or another algorithm",
                    classic_name(search.method), r.stopped, detail::with_commas(kExplainNodes),
                    kExplainSeconds));
  }
  if (search.json) {
    nlohmann::json frames = nlohmann::json::array();
    for (const detail::ExplainFrame& f : e.script.frames) {
      frames.push_back({{"board", format_board(f.board)},
                        {"caption", f.caption},
                        {"notes", f.notes},
                        {"bars", f.bars},
                        {"delay_ms", f.delay_ms}});
    }
    return json_answer({{"start", format_board(puzzle.start)},
                        {"goal", format_board(puzzle.goal)},
                        {"algorithm", classic_name(search.method)},
                        {"moves", r.moves.size()},
                        {"solution", moves_to_string(r.moves)},
                        {"optimal", r.optimal},
                        {"expanded", r.expanded},
                        {"generated", r.generated},
                        {"stride", e.trace.stride},
                        {"title", e.script.title},
                        {"bars_label", e.script.bars_label},
                        {"frames", frames}});
  }
  Animation a = app::render_explained(e, job.animation, services, job.encoding, job.limits.render);
  Response out;
  out.status = 200;
  out.headers = {{"Content-Type", std::string(format_info(job.encoding.format).mime_type)},
                 {"Content-Length", std::to_string(a.bytes.size())},
                 {"X-Slidegif-Puzzle",
                  fmt::format("{} -> {}, explain={}: {} moves, {} expanded, {} frames",
                              format_board(puzzle.start), format_board(puzzle.goal),
                              classic_name(search.method), r.moves.size(), r.expanded, a.frames)}};
  out.body = std::move(a.bytes);
  return out;
}

}  // namespace

SearchQuery parse_search_query(const QueryParams& query) {
  SearchQuery s;
  const auto explain = get(query, "explain");
  const auto compare = get(query, "compare");
  const bool comparing = compare && (*compare == "1" || *compare == "true" || *compare == "yes");
  if (compare && !comparing && *compare != "0" && *compare != "false" && *compare != "no")
    bad_search(fmt::format("compare must be 1 or 0, not \"{}\"", *compare));
  if (explain && comparing) bad_search("explain= and compare=1 are two answers: ask for one");
  const auto format = get(query, "format");
  s.json = format == "json";
  if (explain) {
    s.kind = SearchQuery::Kind::Explain;
    s.method = detail::parse_classic_method(*explain);
  } else if (comparing) {
    s.kind = SearchQuery::Kind::Compare;
    if (format && !s.json) bad_search("compare=1 answers JSON: format=json, or no format=");
    s.json = true;
  }
  if (const auto boards = get(query, "boards")) {
    if (s.kind != SearchQuery::Kind::None || !s.json)
      bad_search("boards= is a JSON solution's: format=json");
    if (*boards != "0" && *boards != "1")
      bad_search(fmt::format("boards must be 1 or 0, not \"{}\"", *boards));
    s.boards = *boards == "1";
  }
  if (const auto frames = get(query, "frames")) {
    if (s.kind != SearchQuery::Kind::Explain) bad_search("frames= is explain='s");
    char* end = nullptr;
    const unsigned long n = std::strtoul(frames->c_str(), &end, 10);
    if (frames->empty() || *end != '\0' || n < 1 || n > kExplainFrames)
      bad_search(fmt::format("frames must be a whole number from 1 to {}, not \"{}\"",
                             kExplainFrames, *frames));
    s.frames = n;
  }
  return s;
}

QueryParams without_format(const QueryParams& query) {
  QueryParams out;
  for (const auto& p : query)
    if (p.first != "format") out.push_back(p);
  return out;
}

std::string search_key(const SearchQuery& search) {
  switch (search.kind) {
    case SearchQuery::Kind::Explain:
      return fmt::format("|explain={}|frames={}|json={}", classic_name(search.method),
                         search.frames, search.json);
    case SearchQuery::Kind::Compare:
      return "|compare";
    case SearchQuery::Kind::None:
      break;
  }
  return search.json ? fmt::format("|json|boards={}", search.boards) : "";
}

Response search_response(const SearchQuery& search, const app::Job& job, const Puzzle& puzzle,
                         const app::Services& services) {
  if (search.kind == SearchQuery::Kind::Explain)
    return explain_answer(search, job, puzzle, services);
  const detail::ClassicLimits limits{.max_seconds = kCompareSeconds,
                                     .max_expanded = kCompareNodes,
                                     .max_bytes = kSearchBytes,
                                     .stop = nullptr};
  const auto rows = app::compare_searches(puzzle.start, puzzle.goal, {}, limits, services);
  return json_answer(app::comparison_json(puzzle.start, puzzle.goal, rows));
}

}  // namespace slidegif::cgi
