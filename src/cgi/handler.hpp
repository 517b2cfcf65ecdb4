#pragma once
// The whole CGI request -> response mapping, free of process state: main() (or a test, or the
// fuzzer) passes the meta-variables in and the answer goes out.
//
//   slidegif::cgi::Environment env{{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", "random=1"}};
//   auto response = slidegif::cgi::handle_request(env, config);
//   slidegif::cgi::serve(env, config, stdout);   // what main() does: answer and write it

#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "app/job/job.hpp"
#include "cgi/request_limits.hpp"
#include "cgi/response.hpp"

namespace slidegif::cgi {

// RFC 3875 meta-variables by name; the handler reads these (a front end passes no others).
using Environment = std::map<std::string, std::string, std::less<>>;
inline constexpr const char* kMetaVariables[] = {"REQUEST_METHOD", "QUERY_STRING",
                                                 "HTTP_IF_NONE_MATCH", "HTTP_ACCEPT"};

struct HandlerConfig {
  // The server's font, entropy and pattern databases (app::Services says when each is called:
  // a 304 or a 3x3 request never touches the database files). The font is the server's choice
  // alone; the pattern database service never builds.
  app::Services services;
  // The bounds on every request (its search budget, render limits, query length), the
  // operator's (request_limits.hpp); tests and the fuzzer tighten them. A handler without the
  // near-optimal fallback answers 503 past the budget.
  RequestLimits limits;
  // The pictures a request may name (picture=NAME), from the administrator's directory: their
  // file names (listed by ?pictures=1; NAME is the name without the extension), and the
  // picture called `name`, which throws Error(BadInput) for an unknown one. Empty: the server
  // has no pictures, and picture= is a 400.
  std::function<std::vector<std::string>()> picture_files;
  std::function<Picture(std::string_view name, const RenderLimits& limits)> picture;
  // Signed URLs (signature.hpp): with signed_urls, every request but health=1 must carry the
  // signature of its query under url_key, else 403; an empty key (its file could not be read)
  // answers 500 rather than serve unsigned requests.
  bool signed_urls = false;
  std::string url_key;
  // Cross-origin use (SLIDEGIF_CORS_ORIGIN, slidegif.fcgi --cors-origin): the origin allowed
  // ("*" for any, else one like "https://example.org"), sent as Access-Control-Allow-Origin on
  // every answer with the headers a page may read, and a preflight OPTIONS answered 204. Empty:
  // off, and OPTIONS is 405 as any other method.
  std::string cors_origin;
};

// Never throws for anything a client can send: bad input is 400, an exhausted budget 503. With
// format=json every answer is JSON, an error {"error": MESSAGE, "status": CODE}.
Response handle_request(const Environment& env, const HandlerConfig& config);

// One request as the executable runs it: handle_request's answer written to `out` in CGI form
// (write_cgi; no body for HEAD). False when writing failed.
bool serve(const Environment& env, const HandlerConfig& config, std::FILE* out);

}  // namespace slidegif::cgi
