#include "cgi/signature.hpp"

#include <nettle/base64.h>
#include <nettle/hmac.h>
#include <nettle/memops.h>

namespace slidegif::cgi {

std::string sign_query(std::string_view key, std::string_view query) {
  hmac_sha256_ctx ctx;
  hmac_sha256_set_key(&ctx, key.size(), reinterpret_cast<const std::uint8_t*>(key.data()));
  hmac_sha256_update(&ctx, query.size(), reinterpret_cast<const std::uint8_t*>(query.data()));
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  hmac_sha256_digest(&ctx, sizeof digest, digest);
  char text[BASE64_ENCODE_LENGTH(SHA256_DIGEST_SIZE) + BASE64_ENCODE_FINAL_LENGTH] = {};
  base64_encode_ctx b64;
  base64url_encode_init(&b64);
  std::size_t n = base64_encode_update(&b64, text, sizeof digest, digest);
  n += base64_encode_final(&b64, text + n);
  std::string out(text, n);
  while (!out.empty() && out.back() == '=') out.pop_back();  // no padding, as imgproxy
  return out;
}

SignedQuery split_signature(std::string_view query) {
  SignedQuery out;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    if (pair.starts_with("sig=") || pair == "sig") {
      out.sig = std::string(pair.substr(pair.size() > 3 ? 4 : 3));
      continue;
    }
    if (!out.unsigned_part.empty()) out.unsigned_part += '&';
    out.unsigned_part += pair;
  }
  return out;
}

bool signature_matches(std::string_view key, const SignedQuery& q) {
  if (!q.sig) return false;
  const std::string want = sign_query(key, q.unsigned_part);
  return q.sig->size() == want.size() && memeql_sec(q.sig->data(), want.data(), want.size()) != 0;
}

}  // namespace slidegif::cgi
