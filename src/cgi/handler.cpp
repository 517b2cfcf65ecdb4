#include "cgi/handler.hpp"

#include <fmt/format.h>

#include <new>
#include <nlohmann/json.hpp>

#include "app/job/job_json.hpp"
#include "app/job/job_key.hpp"
#include "cgi/etag.hpp"
#include "cgi/negotiate.hpp"
#include "cgi/request.hpp"
#include "cgi/search_answers.hpp"
#include "cgi/signature.hpp"
#include "slidegif/error.hpp"

namespace slidegif::cgi {
namespace {

std::string_view lookup(const Environment& env, std::string_view name) {
  const auto it = env.find(name);
  return it == env.end() ? std::string_view{} : std::string_view(it->second);
}

// `negotiated`: the format was chosen by the Accept header, so a cache must key on it too.
void add_cache_headers(Response& r, const Puzzle& puzzle, const std::string& etag,
                       bool negotiated) {
  if (negotiated) r.headers.emplace_back("Vary", "Accept");
  if (puzzle.deterministic) {
    r.headers.emplace_back("ETag", etag);
    r.headers.emplace_back("Cache-Control", fmt::format("public, max-age={}", kCacheMaxAgeSeconds));
  } else {
    r.headers.emplace_back("Cache-Control", "no-store");
  }
}

Response render_response(const app::Job& job, const Puzzle& puzzle, const std::string& etag,
                         bool negotiated, const HandlerConfig& config) {
  const app::Solved solved = app::solve_job(job, puzzle, config.services);
  Animation animation = app::render_job(job, solved, config.services);

  Response r;
  r.status = 200;
  r.headers = {{"Content-Type", std::string(format_info(job.encoding.format).mime_type)},
               {"Content-Length", std::to_string(animation.bytes.size())}};
  add_cache_headers(r, puzzle, etag, negotiated);
  // For pages and tools that want to show what was solved (the image itself cannot say).
  r.headers.emplace_back("X-Slidegif-Puzzle",
                         fmt::format("{} -> {}, {} {}moves ({}), {} frame{}",
                                     format_board(puzzle.start), format_board(puzzle.goal),
                                     count_moves(solved.solution.moves, solved.solution.metric),
                                     solved.solution.metric == Metric::MultiTile ? "mtm " : "",
                                     solved.solution.optimal ? "optimal" : "not optimal",
                                     animation.frames, animation.frames == 1 ? "" : "s"));
  r.body = std::move(animation.bytes);
  return r;
}

// The solution as JSON (app::result_json, as `solve --json` prints it), with the boards along
// the way when asked.
Response json_solution_response(const app::Job& job, const Puzzle& puzzle, bool boards,
                                const HandlerConfig& config) {
  const app::Solved solved = app::solve_job(job, puzzle, config.services);
  nlohmann::json j = app::result_json(solved);
  j.erase("seconds");  // the same request, the same body: a cache may keep it
  j.erase("nodes");
  if (boards) {
    nlohmann::json list = nlohmann::json::array({format_board(puzzle.start)});
    Board b = puzzle.start;
    for (const Move m : solved.solution.moves) {
      b.apply(m);
      list.push_back(format_board(b));
    }
    j["boards"] = std::move(list);
  }
  return json_response(j.dump() + "\n");
}

// An error's text answer as {"error": ..., "status": ...}, its other headers kept.
Response as_json_error(Response r) {
  if (r.status < 400) return r;
  std::string message = r.body_text();
  while (!message.empty() && message.back() == '\n') message.pop_back();
  const std::string text = nlohmann::json{{"error", message}, {"status", r.status}}.dump(
                               -1, ' ', false, nlohmann::json::error_handler_t::replace) +
                           "\n";
  r.body.assign(text.begin(), text.end());
  for (auto& [name, value] : r.headers) {
    if (name == "Content-Type") value = "application/json";
    if (name == "Content-Length") value = std::to_string(text.size());
  }
  return r;
}

// Whether the query asks for JSON, as far as it can be read: its errors are JSON too.
bool asks_json(std::string_view query_string, const RequestLimits& limits) {
  try {
    for (const auto& [name, value] : parse_query(query_string, limits.max_query_bytes))
      if (name == "format" && value == "json") return true;
  } catch (const Error&) {
  }
  return false;
}

// Cross-origin headers on an answer (HandlerConfig::cors_origin).
Response with_cors(Response r, const HandlerConfig& config) {
  if (config.cors_origin.empty()) return r;
  r.headers.emplace_back("Access-Control-Allow-Origin", config.cors_origin);
  r.headers.emplace_back("Access-Control-Expose-Headers", "ETag, X-Slidegif-Puzzle, Retry-After");
  if (config.cors_origin != "*") r.headers.emplace_back("Vary", "Origin");
  return r;
}

// A preflight: what a page on the allowed origin may send.
Response preflight() {
  Response r;
  r.status = 204;
  r.headers = {{"Access-Control-Allow-Methods", "GET, HEAD"},
               {"Access-Control-Allow-Headers", "If-None-Match, Accept"},
               {"Access-Control-Max-Age", "86400"}};
  return r;
}

// ?pictures=1: the names picture= takes, and their files (a page may show them where the
// server serves the directory), as JSON.
Response picture_list(const HandlerConfig& config) {
  const std::vector<std::string> files =
      config.picture_files ? config.picture_files() : std::vector<std::string>{};
  std::vector<std::string> names;
  for (const auto& f : files) names.push_back(f.substr(0, f.rfind('.')));
  const std::string body = nlohmann::json{{"pictures", names}, {"files", files}}.dump() + "\n";
  return body_response(200, "application/json", body, "no-cache");
}

// The core says what is wrong; what the client can change is said here, in its terms.
std::string with_advice(const Error& e) {
  switch (e.hint()) {
    case Error::Hint::Tile:
      if (e.suggestion() > 0) return fmt::format("{} (use tile={})", e.what(), e.suggestion());
      return fmt::format("{} (use a smaller tile)", e.what());
    case Error::Hint::Tween:
      return fmt::format("{} (use a smaller tween)", e.what());
    case Error::Hint::TileOrTween:
      if (e.suggestion() > 0)
        return fmt::format("{} (use tile={} or a smaller tween)", e.what(), e.suggestion());
      return fmt::format("{} (use a smaller tile or tween)", e.what());
    case Error::Hint::TileOrFrames:
      return fmt::format("{} (use a smaller tile or fewer frames)", e.what());
    default:
      return e.what();
  }
}

Response error_response(const Error& e, const RequestLimits& limits) {
  switch (e.kind()) {
    case Error::Kind::BadInput:
    case Error::Kind::Unsupported:
      return text_response(400, with_advice(e));
    case Error::Kind::Unsolvable: {
      const std::string_view why = e.what();
      return text_response(400, why.starts_with("unsolvable") ? std::string(why)
                                                              : fmt::format("unsolvable: {}", why));
    }
    case Error::Kind::BudgetExceeded: {
      // The client cannot raise the budget: name the server's, and what to ask for instead.
      Response r = text_response(
          503, fmt::format("search budget exceeded: this puzzle needs more than {} s or {} search "
                           "nodes to solve optimally; try one with fewer moves",
                           limits.solve.max_seconds, limits.solve.max_nodes));
      r.headers.emplace_back("Retry-After", "1");
      return r;
    }
    case Error::Kind::Render:
    case Error::Kind::Cancelled:  // requests are never stopped early
      break;
  }
  return text_response(500, fmt::format("rendering failed: {}", e.what()));
}

}  // namespace

namespace {

Response answer(const Environment& env, const HandlerConfig& config);

}  // namespace

Response handle_request(const Environment& env, const HandlerConfig& config) {
  if (!config.cors_origin.empty() && lookup(env, "REQUEST_METHOD") == "OPTIONS")
    return with_cors(preflight(), config);
  Response r = answer(env, config);
  if (asks_json(lookup(env, "QUERY_STRING"), config.limits)) r = as_json_error(std::move(r));
  return with_cors(std::move(r), config);
}

namespace {

Response answer(const Environment& env, const HandlerConfig& config) {
  const std::string_view method = lookup(env, "REQUEST_METHOD");
  if (method != "GET" && method != "HEAD") {
    Response r = text_response(405, fmt::format("method {} not allowed; use GET or HEAD",
                                                method.empty() ? "(none)" : method));
    r.headers.emplace_back("Allow", "GET, HEAD");
    return r;
  }
  try {
    const QueryParams query =
        parse_query(lookup(env, "QUERY_STRING"), config.limits.max_query_bytes);
    // A load balancer's or monitor's probe: the program starts and answers, nothing drawn.
    if (wants_health(query)) return text_response(200, "ok");
    if (config.signed_urls) {
      if (config.url_key.empty()) return text_response(500, "the server's URL key cannot be read");
      const SignedQuery signed_query = split_signature(lookup(env, "QUERY_STRING"));
      if (!signed_query.sig) {
        return text_response(403, "this server answers signed URLs only: sig= is missing");
      }
      if (!signature_matches(config.url_key, signed_query)) {
        return text_response(403, "sig= is not this URL's signature");
      }
    }
    if (wants_picture_list(query)) return picture_list(config);
    const SearchQuery search = parse_search_query(query);
    app::Job job = parse_job(search.json ? without_format(query) : query, config.limits);
    const bool negotiated = !names_format(query) && !search.json;
    if (negotiated) job.encoding.format = format_for_accept(lookup(env, "HTTP_ACCEPT"));
    if (const auto name = picture_name(query)) {
      if (!config.picture) throw Error(Error::Kind::BadInput, "this server has no pictures");
      job.animation.picture = config.picture(*name, job.limits.render);
    }
    const Puzzle puzzle = app::resolve_job(job, config.services);
    const std::string etag = puzzle.deterministic
                                 ? make_etag(app::job_key(job, puzzle) + search_key(search))
                                 : std::string{};
    if (puzzle.deterministic && etag_matches(lookup(env, "HTTP_IF_NONE_MATCH"), etag)) {
      Response r;
      r.status = 304;
      add_cache_headers(r, puzzle, etag, negotiated);
      return r;
    }
    if (search.kind != SearchQuery::Kind::None || search.json) {
      Response r = search.kind == SearchQuery::Kind::None
                       ? json_solution_response(job, puzzle, search.boards, config)
                       : search_response(search, job, puzzle, config.services);
      add_cache_headers(r, puzzle, etag, negotiated);
      return r;
    }
    return render_response(job, puzzle, etag, negotiated, config);
  } catch (const Error& e) {
    return error_response(e, config.limits);
  } catch (const std::bad_alloc&) {
    Response r = text_response(503, "out of memory for this request");
    r.headers.emplace_back("Retry-After", "1");
    return r;
  } catch (const std::exception& e) {
    return text_response(500, fmt::format("internal error: {}", e.what()));
  }
}

}  // namespace

bool serve(const Environment& env, const HandlerConfig& config, std::FILE* out) {
  const Response response = handle_request(env, config);
  return write_cgi(out, response, lookup(env, "REQUEST_METHOD") == "HEAD");
}

}  // namespace slidegif::cgi
