// libFuzzer target: slidegif.fcgi's FastCGI conversation (src/fcgi/protocol.hpp) on arbitrary
// bytes from the web server's side, cut into records as RecordReader cuts them. Seeds:
// tests/fuzz/corpus/fastcgi.
//
// Checks: nothing but what the bytes hold is allocated (the parameters' limit is small here, so
// the too-large path is reached), every reply is a whole well-formed record, a broken
// conversation stays broken, and a ready request's parameters decode within the limit.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fcgi/protocol.hpp"

namespace {

constexpr std::size_t kLimit = 512;

void check_reply(const std::string& reply) {
  std::size_t at = 0;
  while (at < reply.size()) {
    if (reply.size() - at < slidegif::fcgi::kHeaderBytes) __builtin_trap();
    unsigned char bytes[slidegif::fcgi::kHeaderBytes];
    for (std::size_t i = 0; i < sizeof bytes; ++i)
      bytes[i] = static_cast<unsigned char>(reply[at + i]);
    const slidegif::fcgi::RecordHeader h = slidegif::fcgi::decode_header(bytes);
    if (h.version != 1 || (h.content_length + h.padding_length) % 8 != 0) __builtin_trap();
    at += slidegif::fcgi::kHeaderBytes + h.content_length + h.padding_length;
  }
  if (at != reply.size()) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  slidegif::fcgi::Params pairs;
  slidegif::fcgi::decode_name_values(bytes, pairs);  // any bytes: true or false, no more

  slidegif::fcgi::Conversation talk(kLimit);
  std::size_t at = 0;
  while (bytes.size() - at >= slidegif::fcgi::kHeaderBytes) {
    unsigned char head[slidegif::fcgi::kHeaderBytes];
    for (std::size_t i = 0; i < sizeof head; ++i) head[i] = data[at + i];
    const slidegif::fcgi::RecordHeader h = slidegif::fcgi::decode_header(head);
    const std::size_t record = slidegif::fcgi::kHeaderBytes + h.content_length + h.padding_length;
    if (bytes.size() - at < record) break;
    const bool was_broken = talk.state() == slidegif::fcgi::Conversation::State::kBroken;
    check_reply(talk.take(h, bytes.substr(at + slidegif::fcgi::kHeaderBytes, h.content_length)));
    at += record;
    const auto state = talk.state();
    if (was_broken && state != slidegif::fcgi::Conversation::State::kBroken) __builtin_trap();
    if (state == slidegif::fcgi::Conversation::State::kReady) {
      std::size_t kept = 0;
      for (const auto& [name, value] : talk.params()) kept += name.size() + value.size();
      if (kept > kLimit) __builtin_trap();
      if (talk.params_too_large() && !talk.params().empty()) __builtin_trap();
    }
    if (state == slidegif::fcgi::Conversation::State::kReady ||
        state == slidegif::fcgi::Conversation::State::kAborted) {
      talk.finish();
    }
  }
  return 0;
}
