#pragma once
// Signed URLs, as imgproxy and thumbor sign theirs: a server given a key answers only requests
// whose query carries sig=, the HMAC-SHA256 of the rest of the query under that key, in
// base64url without padding. A page signs the URLs it embeds; nobody without the key can ask
// the server for anything else.
//
//   query "start=867254301&theme=dark" -> "start=867254301&theme=dark&sig=" + sign_query(key, it)

#include <optional>
#include <string>
#include <string_view>

namespace slidegif::cgi {

// The signature of `query` (the query string without its sig= parameter, byte for byte).
std::string sign_query(std::string_view key, std::string_view query);

// `query` without its sig= parameters, in the order and spelling it came; and the value of
// sig= (nullopt: none).
struct SignedQuery {
  std::string unsigned_part;
  std::optional<std::string> sig;
};
SignedQuery split_signature(std::string_view query);

// Whether `query` carries sig= and it is the signature of the rest (compared in constant time).
bool signature_matches(std::string_view key, const SignedQuery& query);

}  // namespace slidegif::cgi
